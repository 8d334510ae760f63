import { beforeAll, describe, expect, it } from 'vitest';
import type { Marathon } from '@stride/shared';
import {
  createMarathon,
  errorFields,
  getMarathon,
  marathonInput,
  raceDates,
  register,
  useTestApp,
} from '../../testing/marathon-fixtures.js';
import { type SignedIn, bearerHeaders, signUp } from '../../testing/test-app.js';

const main = useTestApp();

let organizer: SignedIn;

beforeAll(async () => {
  organizer = await signUp(main.current.app);
});

const addMarathon = (payload: object) =>
  main.current.app.inject({
    method: 'POST',
    url: '/api/add-marathon',
    headers: bearerHeaders(organizer.token),
    payload: marathonInput(payload),
  });

const patchMarathon = (id: string, payload: object) =>
  main.current.app.inject({
    method: 'PATCH',
    url: `/api/marathons/${id}`,
    headers: bearerHeaders(organizer.token),
    payload,
  });

const titlesFound = async (query: string) => {
  const response = await main.current.app.inject({ url: `/api/marathons?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Marathon[]>().map((race) => race.title);
};

describe('a race’s time zone', () => {
  it('is stored as given and comes back on every read; left out, it is UTC', async () => {
    const tokyo = await createMarathon(main.current.app, organizer, { timeZone: 'Asia/Tokyo' });
    const plain = await createMarathon(main.current.app, organizer);

    expect(tokyo.timeZone).toBe('Asia/Tokyo');
    expect((await getMarathon(main.current.app, tokyo._id))?.timeZone).toBe('Asia/Tokyo');
    expect(plain.timeZone).toBe('UTC');
  });

  it.each([['Europe/Atlantis'], ['europe/lisbon'], ['GMT+2'], [''], [42]])(
    'refuses %j with a 400 naming timeZone, and creates nothing',
    async (timeZone) => {
      const before = await titlesFound('q=Zonecheck');
      const response = await addMarathon({ title: 'Zonecheck Run', timeZone });

      expect(response.statusCode).toBe(400);
      expect(errorFields(response)).toEqual(['timeZone']);
      expect(response.json<{ errors: Array<{ message: string }> }>().errors[0]?.message).toBe(
        'Time Zone must be an IANA time zone name such as Europe/Lisbon',
      );
      expect(await titlesFound('q=Zonecheck')).toEqual(before);
    },
  );

  it('changes with PATCH; a bad one changes nothing', async () => {
    const race = await createMarathon(main.current.app, organizer, { timeZone: 'Europe/Lisbon' });

    const bad = await patchMarathon(race._id, { timeZone: 'Mars/Olympus', title: 'Renamed' });
    expect(bad.statusCode).toBe(400);
    expect(await getMarathon(main.current.app, race._id)).toEqual(race);

    const good = await patchMarathon(race._id, { timeZone: 'America/New_York' });
    expect(good.statusCode).toBe(200);
    expect((await getMarathon(main.current.app, race._id))?.timeZone).toBe('America/New_York');
  });

  it('reaches the runner’s registration and the race’s calendar file', async () => {
    const race = await createMarathon(main.current.app, organizer, {
      timeZone: 'Europe/Lisbon',
      ...raceDates('open'),
      startDate: '2027-07-04T07:00:00.000Z',
    });
    const runner = await signUp(main.current.app);
    const registration = await register(main.current.app, runner, race._id);

    expect(registration.marathonTimeZone).toBe('Europe/Lisbon');
    const ics = await main.current.app.inject({ url: `/api/marathons/${race._id}/calendar.ics` });
    expect(ics.body).toContain('DTSTART;TZID=Europe/Lisbon:20270704T080000');
  });
});

describe('the list’s days are the race’s own days', () => {
  // One instant, 2027-04-30 20:00 UTC: already 1 May in Tokyo (05:00), still 30 April in New York (16:00).
  const instant = '2027-04-30T20:00:00.000Z';

  beforeAll(async () => {
    for (const [title, timeZone] of [
      ['Dayline Tokyo', 'Asia/Tokyo'],
      ['Dayline Newyork', 'America/New_York'],
    ] as const) {
      await createMarathon(main.current.app, organizer, {
        title,
        timeZone,
        ...raceDates('open'),
        startDate: instant,
      });
    }
  });

  it('counts a race in the day its start falls on where it is run', async () => {
    expect(await titlesFound('q=dayline&from=2027-05-01&to=2027-05-01')).toEqual(['Dayline Tokyo']);
    expect(await titlesFound('q=dayline&from=2027-04-30&to=2027-04-30')).toEqual(['Dayline Newyork']);
  });

  it('moves a race to its new day when its zone changes', async () => {
    const [newYork] = (await main.current.app.inject({ url: '/api/marathons?q=dayline%20newyork' })).json<
      Marathon[]
    >();
    await patchMarathon(newYork!._id, { timeZone: 'Asia/Seoul' });

    expect(await titlesFound('q=dayline&from=2027-05-01&to=2027-05-01&sort=oldest')).toEqual([
      'Dayline Tokyo',
      'Dayline Newyork',
    ]);
    await patchMarathon(newYork!._id, { timeZone: 'America/New_York' });
  });

  it('holds on the night the clocks change: 01:30 and 03:30 in Berlin on 28 March 2027 are one hour apart', async () => {
    // 02:00 CET becomes 03:00 CEST at 01:00 UTC: both starts are on the 28th in Berlin, an hour apart.
    const before = await createMarathon(main.current.app, organizer, {
      title: 'Clockchange Early',
      timeZone: 'Europe/Berlin',
      ...raceDates('open'),
      startDate: '2027-03-28T00:30:00.000Z',
    });
    const after = await createMarathon(main.current.app, organizer, {
      title: 'Clockchange Late',
      timeZone: 'Europe/Berlin',
      ...raceDates('open'),
      startDate: '2027-03-28T01:30:00.000Z',
    });

    expect(Date.parse(after.startDate) - Date.parse(before.startDate)).toBe(60 * 60 * 1000);
    expect(await titlesFound('q=clockchange&from=2027-03-28&to=2027-03-28&sort=oldest')).toEqual([
      'Clockchange Early',
      'Clockchange Late',
    ]);
    const ics = await main.current.app.inject({ url: `/api/marathons/${after._id}/calendar.ics` });
    expect(ics.body).toContain('DTSTART;TZID=Europe/Berlin:20270328T033000');
  });
});
