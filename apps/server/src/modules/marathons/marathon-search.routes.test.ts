import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Marathon } from '@stride/shared';
import {
  createMarathon,
  errorFields,
  type MarathonOverrides,
  marathonInput,
  raceDates,
  useTestApp,
} from '../../testing/marathon-fixtures.js';
import { type SignedIn, bearerHeaders, signUp } from '../../testing/test-app.js';

const main = useTestApp();

/** A race a month ahead with its registration open, starting on `day` at 08:00 UTC unless it says otherwise. */
const on = (day: string) => ({ ...raceDates('open'), startDate: `${day}T08:00:00.000Z` });

/**
 * The catalogue this file searches, created once, oldest first. Titles and places are made up so that no word of
 * one is a typo away from another's, except where a test says so.
 */
const RACES = {
  lisbon: { title: 'Lisbon Half', location: 'Lisbon', distance: '25k', ...on('2027-03-14') },
  porto: {
    title: 'Douro Riverside Run',
    location: 'Porto',
    distance: '10k',
    description: 'Ends on the quay, with a view of Lisbon-bound trains.',
    ...on('2027-03-21'),
  },
  tokyo: { title: 'Sakura Dash', location: 'Tokyo', distance: '3k', ...on('2027-04-02') },
  closed: {
    title: 'Fjord Trail',
    location: 'Bergen',
    distance: '10k',
    ...raceDates('closed'),
    startDate: '2027-03-01T08:00:00.000Z',
  },
  // 23:30 UTC on 31 March: the last half hour of the day, still that day.
  endOfDay: {
    title: 'Midnight Mile',
    location: 'Reykjavik',
    distance: '3k',
    ...raceDates('open'),
    startDate: '2027-03-31T23:30:00.000Z',
  },
} as const;

let organizer: SignedIn;

beforeAll(async () => {
  organizer = await signUp(main.current.app);
  for (const race of Object.values(RACES)) {
    await createMarathon(main.current.app, organizer, marathonInput(race));
  }
});

const search = (query: string) => main.current.app.inject({ url: `/api/marathons?${query}` });

function titlesOf(response: LightMyRequestResponse): string[] {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Marathon[]>().map((race) => race.title);
}
const totalOf = (response: LightMyRequestResponse) => Number(response.headers['x-total-count']);

describe('GET /api/marathons?q=', () => {
  it('finds a race by a word of its title or place, forgiving a small typo', async () => {
    expect(titlesOf(await search('q=lisbn&distance=25k'))).toEqual(['Lisbon Half']);
    expect(titlesOf(await search('q=SAKURA'))).toEqual(['Sakura Dash']);
    expect(titlesOf(await search('q=reykjavk'))).toEqual(['Midnight Mile']);
  });

  it('ranks a race named for the words above one whose description mentions them', async () => {
    const response = await search('q=lisbon');

    expect(titlesOf(response)).toEqual(['Lisbon Half', 'Douro Riverside Run']);
    expect(totalOf(response)).toBe(2);
  });

  it('needs every word, and finds nothing for a word no race holds', async () => {
    expect(titlesOf(await search('q=douro%20porto'))).toEqual(['Douro Riverside Run']);
    expect(titlesOf(await search('q=douro%20tokyo'))).toEqual([]);
    const none = await search('q=zanzibar');
    expect(titlesOf(none)).toEqual([]);
    expect(totalOf(none)).toBe(0);
  });

  it('orders a search by creation time when asked', async () => {
    expect(titlesOf(await search('q=lisbon&sort=oldest'))).toEqual(['Lisbon Half', 'Douro Riverside Run']);
    expect(titlesOf(await search('q=lisbon&sort=newest'))).toEqual(['Douro Riverside Run', 'Lisbon Half']);
  });
});

describe('GET /api/marathons filters', () => {
  it('keeps the distances asked for, one or several', async () => {
    expect(titlesOf(await search('distance=3k&sort=oldest'))).toEqual(['Sakura Dash', 'Midnight Mile']);
    const several = await search('distance=3k&distance=25k&sort=oldest');
    expect(titlesOf(several)).toEqual(['Lisbon Half', 'Sakura Dash', 'Midnight Mile']);
    expect(totalOf(several)).toBe(3);
  });

  it('keeps races starting from one day to another, both included', async () => {
    expect(titlesOf(await search('from=2027-03-14&to=2027-03-21&sort=oldest'))).toEqual([
      'Lisbon Half',
      'Douro Riverside Run',
    ]);
    expect(titlesOf(await search('from=2027-03-31&to=2027-03-31'))).toEqual(['Midnight Mile']);
    expect(titlesOf(await search('to=2027-03-01'))).toEqual(['Fjord Trail']);
    expect(titlesOf(await search('from=2027-04-01'))).toEqual(['Sakura Dash']);
  });

  it('keeps only races open for registration now with open=true', async () => {
    const open = await search('open=true&sort=oldest');

    expect(titlesOf(open)).not.toContain('Fjord Trail');
    expect(totalOf(open)).toBe(4);
  });

  it('combines a search with every filter, pages it and counts it', async () => {
    const query = 'q=lisbon&distance=10k&distance=25k&from=2027-03-01&to=2027-03-31&open=true';
    const first = await search(`${query}&limit=1`);
    const second = await search(`${query}&limit=1&page=2`);
    const beyond = await search(`${query}&limit=1&page=3`);

    expect(titlesOf(first)).toEqual(['Lisbon Half']);
    expect(titlesOf(second)).toEqual(['Douro Riverside Run']);
    expect(titlesOf(beyond)).toEqual([]);
    expect([first, second, beyond].map(totalOf)).toEqual([2, 2, 2]);
  });

  it.each([
    ['distance=42k', 'distance'],
    ['from=2027-02-30', 'from'],
    ['to=14.03.2027', 'to'],
    ['from=2027-03-21&to=2027-03-14', 'to'],
    ['open=yes', 'open'],
    ['sort=relevance', 'sort'],
    [`q=${'a'.repeat(101)}`, 'q'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const response = await search(query);

    expect(response.statusCode).toBe(400);
    expect(errorFields(response)).toEqual([field]);
  });

  it('says a reversed date range in words the filters use', async () => {
    const response = await search('from=2027-03-21&to=2027-03-14');

    expect(response.json().errors).toEqual([
      { field: 'to', message: 'The end date must not be before the start date' },
    ]);
  });
});

// Last in this file: it adds a race to the catalogue the tests above count.
describe('GET /api/marathons?q= after a race is renamed', () => {
  it('finds the race by its new words, typos forgiven, and no longer by its old ones', async () => {
    const race = await createMarathon(main.current.app, organizer, {
      title: 'Quokka Island Dash',
      location: 'Rottnest',
      ...raceDates('open'),
    });
    expect(titlesOf(await search('q=quoka'))).toEqual(['Quokka Island Dash']);

    const renamed = await main.current.app.inject({
      method: 'PATCH',
      url: `/api/marathons/${race._id}`,
      headers: bearerHeaders(organizer.token),
      payload: { title: 'Wombat Valley Dash', location: 'Canberra' },
    });
    expect(renamed.statusCode).toBe(200);

    expect(titlesOf(await search('q=wombt'))).toEqual(['Wombat Valley Dash']);
    expect(titlesOf(await search('q=canbera'))).toEqual(['Wombat Valley Dash']);
    expect(titlesOf(await search('q=quokka'))).toEqual([]);
  });
});

describe('GET /api/marathons?q= with words PostgreSQL splits', () => {
  it('finds a race by a word of letters and digits, or a decimal distance, as typed in its title', async () => {
    // PostgreSQL's parser reads "4e5f6a7b" as "4e5" and "f6a7b" (a number in scientific notation, then a word),
    // and "42.2k" as "42.2" and "k": the search splits the words of q the same way.
    await createMarathon(main.current.app, organizer, {
      title: 'Quarry 4e5f6a7b Relay',
      location: 'Zermatt',
      ...raceDates('open'),
    });
    await createMarathon(main.current.app, organizer, {
      title: 'Glacier 42.2k Classic',
      location: 'Zermatt',
      ...raceDates('open'),
    });
    expect(titlesOf(await search('q=4e5f6a7b'))).toEqual(['Quarry 4e5f6a7b Relay']);
    expect(titlesOf(await search(`q=${encodeURIComponent('Quarry 4e5f6a7b Relay')}`))).toEqual([
      'Quarry 4e5f6a7b Relay',
    ]);
    expect(titlesOf(await search(`q=${encodeURIComponent('glacier 42.2k')}`))).toEqual([
      'Glacier 42.2k Classic',
    ]);
  });
});

// Last in this file too: it adds a race to the catalogue.
describe('GET /api/marathons?q= in a description', () => {
  it('finds a race by a word of its description alone, forgiving a small typo, and by its new words after an edit', async () => {
    const race = await createMarathon(main.current.app, organizer, {
      title: 'Harbour Loop',
      location: 'Valletta',
      description: 'Finish beside the tudipamibo fountain.',
      ...raceDates('open'),
    });
    expect(titlesOf(await search('q=tudipamibo'))).toEqual(['Harbour Loop']);
    expect(titlesOf(await search('q=tudipmibo'))).toEqual(['Harbour Loop']);

    const edited = await main.current.app.inject({
      method: 'PATCH',
      url: `/api/marathons/${race._id}`,
      headers: bearerHeaders(organizer.token),
      payload: { description: 'Finish beside the wokelavuna steps.' },
    });
    expect(edited.statusCode).toBe(200);

    expect(titlesOf(await search('q=wokelvuna'))).toEqual(['Harbour Loop']);
    expect(titlesOf(await search('q=tudipamibo'))).toEqual([]);
  });
});

// Last in this file too: it adds races to the catalogue.
describe('GET /api/marathons?distance= for a marathon and a half marathon', () => {
  it('publishes a 42.2k and a 21.1k race and finds each by its distance, alone or with others', async () => {
    const add = (input: MarathonOverrides) =>
      createMarathon(main.current.app, organizer, { ...input, ...raceDates('open') });
    const marathon = await add({ title: 'Gozo Coast Marathon', distance: '42.2k' });
    await add({ title: 'Mdina Half', distance: '21.1k' });
    expect(marathon.distance).toBe('42.2k');

    expect(titlesOf(await search('distance=42.2k'))).toEqual(['Gozo Coast Marathon']);
    expect(totalOf(await search('distance=42.2k'))).toBe(1);
    expect(titlesOf(await search('distance=21.1k&distance=42.2k&sort=oldest'))).toEqual([
      'Gozo Coast Marathon',
      'Mdina Half',
    ]);
    expect(titlesOf(await search('q=gozo&distance=42.2k'))).toEqual(['Gozo Coast Marathon']);
    expect(titlesOf(await search('q=gozo&distance=21.1k'))).toEqual([]);
  });

  it.each(['distance=42.2', 'distance=42.2K', 'distance=marathon', 'distance=21.1k&distance=42k'])(
    'refuses %s with a 400 naming distance',
    async (query) => {
      const response = await search(query);

      expect(response.statusCode).toBe(400);
      expect(errorFields(response)).toEqual(['distance']);
    },
  );

  it('refuses to publish a race of an unknown distance, naming it', async () => {
    const response = await main.current.app.inject({
      method: 'POST',
      url: '/api/add-marathon',
      headers: bearerHeaders(organizer.token),
      payload: marathonInput({ distance: '42k' as never }),
    });

    expect(response.statusCode).toBe(400);
    expect(errorFields(response)).toEqual(['distance']);
  });
});

// Last in this file too: it adds races to the catalogue.
describe('GET /api/marathons?q= with and without accents', () => {
  /** A word of 46 letters: longer than the dictionary takes, so only the description's full-text index finds it. */
  const LONG_WORD = 'pneumonoultramicroscopicsilicovolcanoconiosis';
  beforeAll(async () => {
    for (const race of [
      { title: 'Ångström Ridge Run', location: 'Umeå' },
      { title: 'Sodermalm Loop', location: 'Stockholm' },
      {
        title: 'Spree Bend',
        location: 'Berlin',
        description: `Finish at Café Größenwahn. ${LONG_WORD.replace('coniosis', 'cöniosis')}!`,
      },
    ]) {
      await createMarathon(main.current.app, organizer, { ...race, ...raceDates('open') });
    }
  });

  it.each([
    ['angstrom', 'Ångström Ridge Run'],
    ['ÅNGSTRÖM', 'Ångström Ridge Run'],
    ['angstrm', 'Ångström Ridge Run'],
    ['A\u030angstro\u0308m', 'Ångström Ridge Run'], // the accents typed apart (NFD)
    ['umea', 'Ångström Ridge Run'],
    ['Södermalm', 'Sodermalm Loop'],
    ['SÖDERMALM stöckholm', 'Sodermalm Loop'],
    ['grossenwahn', 'Spree Bend'],
    ['Größenwahn', 'Spree Bend'],
    ['cafe', 'Spree Bend'],
    [LONG_WORD, 'Spree Bend'],
  ])('finds %j: accents count for nothing, on either side', async (q, title) => {
    expect(titlesOf(await search(`q=${encodeURIComponent(q)}`))).toEqual([title]);
  });

  it('ranks the race whose title holds the word, accents or not, first', async () => {
    const response = await search(`q=${encodeURIComponent('Ångström')}`);

    expect(titlesOf(response)).toEqual(['Ångström Ridge Run']);
    expect(response.json<Marathon[]>()[0]?.location).toBe('Umeå');
  });
});
