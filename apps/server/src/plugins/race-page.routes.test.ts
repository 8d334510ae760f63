import { readFileSync } from 'node:fs';
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTimeInZone, formatIsoInZone, type Marathon } from '@stride/shared';
import {
  MALFORMED_IDS,
  MISSING_ID,
  createMarathon,
  register,
  type Actor,
} from '../testing/marathon-fixtures.js';
import { TEST_PUBLIC_URL, bearerHeaders, buildTestApp, signUp, type TestApp } from '../testing/test-app.js';

// The public race page's HTML (docs/ARCHITECTURE.md, "A public page with preview tags"): the built index.html
// with the race's Open Graph, Twitter and schema.org tags in its head, so that a shared link previews without
// JavaScript.

const PUBLIC_URL = 'https://stride.example';

/** The web app's page (apps/web/index.html): its head, its theme script, its module script. */
const INDEX_HTML = readFileSync(new URL('../../../web/index.html', import.meta.url), 'utf8');
const APP_SCRIPT = '<script type="module" src="/src/main.tsx"></script>';

const HOSTILE_TITLE = '</title><script>alert(1)</script>';
const HOSTILE_DESCRIPTION = `A "fast" course & more </script><script>alert(2)</script> <!-- end`;

const unescapeHtml = (text: string) =>
  text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/** Every `<meta property|name="…" content="…">` of the page, by its property or name, unescaped. */
function metaTags(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const [, key, content] of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g)) {
    tags[key!] = unescapeHtml(content!);
  }
  return tags;
}

/** The page's JSON-LD blocks, as written. */
const jsonLdBlocks = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => match[1]!);

describe('GET /races/:id', () => {
  let webDistDir: string;
  let testApp: TestApp;
  let organizer: Actor;
  let race: Marathon;

  beforeAll(async () => {
    webDistDir = await mkdtemp(path.join(tmpdir(), 'stride-race-page-'));
    await writeFile(path.join(webDistDir, 'index.html'), INDEX_HTML);
    await writeFile(path.join(webDistDir, 'index.html.gz'), gzipSync(INDEX_HTML));
    // The test's sign-ups come from the test origin; the page's links name PUBLIC_URL.
    testApp = await buildTestApp({
      config: { webDistDir, publicUrl: PUBLIC_URL, trustedOrigins: [TEST_PUBLIC_URL] },
    });
    organizer = await signUp(testApp.app);
    race = await createMarathon(testApp.app, organizer, {
      title: HOSTILE_TITLE,
      description: HOSTILE_DESCRIPTION,
      location: 'Berlin, Tiergarten',
      image: '/images/marathons/poster-1.svg',
      timeZone: 'Europe/Berlin',
      distance: '10k',
      startRegDate: new Date(Date.now() - 86_400_000).toISOString(),
      endRegDate: new Date(Date.now() + 86_400_000).toISOString(),
      // 08:00 in Berlin, winter time.
      startDate: '2099-03-14T07:00:00.000Z',
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await rm(webDistDir, { recursive: true, force: true });
  });

  const getPage = (id: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url: `/races/${id}`, headers });

  it('answers the built page with the race as its title, escaped', async () => {
    const response = await getPage(race._id);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; · Stride</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<\/title>/g)).toHaveLength(1);
    // The user's text is never markup: no script but the page's own and the JSON-LD block.
    expect(html).not.toContain('<script>alert');
    expect(html.match(/<script\b/g)).toHaveLength(3);
    // The rest of the page is the app as built.
    expect(html).toContain(APP_SCRIPT);
    expect(html).toContain('<div id="root"></div>');
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
  });

  it('carries Open Graph and Twitter tags with absolute URLs from PUBLIC_URL', async () => {
    const tags = metaTags((await getPage(race._id)).body);

    const pageUrl = `${PUBLIC_URL}/races/${race._id}`;
    const imageUrl = `${PUBLIC_URL}/images/marathons/poster-1.svg`;
    expect(tags).toMatchObject({
      'og:type': 'website',
      'og:site_name': 'Stride',
      'og:title': HOSTILE_TITLE,
      'og:url': pageUrl,
      'og:image': imageUrl,
      'og:image:alt': `Poster of ${HOSTILE_TITLE}`,
      'twitter:card': 'summary_large_image',
      'twitter:title': HOSTILE_TITLE,
      'twitter:image': imageUrl,
      'twitter:image:alt': `Poster of ${HOSTILE_TITLE}`,
    });
    // When and where first, then the race's own words.
    const description = 'Sat 14 Mar 2099, 08:00 CET · Berlin, Tiergarten · 10k. ' + HOSTILE_DESCRIPTION;
    expect(tags['og:description']).toBe(description);
    expect(tags['twitter:description']).toBe(description);
    expect(tags.description).toBe(description);
    expect((await getPage(race._id)).body).toContain(`<link rel="canonical" href="${pageUrl}">`);
  });

  it('carries a schema.org SportsEvent as JSON-LD that cannot end its script', async () => {
    const blocks = jsonLdBlocks((await getPage(race._id)).body);

    expect(blocks).toHaveLength(1);
    expect(blocks[0]).not.toContain('<');
    expect(JSON.parse(blocks[0]!)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'SportsEvent',
      name: HOSTILE_TITLE,
      description: HOSTILE_DESCRIPTION,
      url: `${PUBLIC_URL}/races/${race._id}`,
      image: [`${PUBLIC_URL}/images/marathons/poster-1.svg`],
      startDate: '2099-03-14T08:00:00+01:00',
      // A 10k is expected to take two hours (the calendar entry's length).
      endDate: '2099-03-14T10:00:00+01:00',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place', name: 'Berlin, Tiergarten', address: 'Berlin, Tiergarten' },
      organizer: { '@type': 'Organization', name: 'Stride', url: PUBLIC_URL },
      offers: {
        '@type': 'Offer',
        url: `${PUBLIC_URL}/races/${race._id}`,
        availability: 'https://schema.org/InStock',
        // Entries are free: Stride takes no payments.
        price: 0,
        // The registration window, as the clocks read where the race is run.
        validFrom: formatIsoInZone(race.startRegDate, 'Europe/Berlin'),
        validThrough: formatIsoInZone(race.endRegDate, 'Europe/Berlin'),
      },
      isAccessibleForFree: true,
    });
  });

  it('shortens a long description for previews, keeping it whole in the JSON-LD', async () => {
    const description = `${'Along the river and back. '.repeat(40)}The end.`;
    const long = await createMarathon(testApp.app, organizer, { description });
    const html = (await getPage(long._id)).body;

    const preview = metaTags(html)['og:description']!;
    const whole = `${formatDateTimeInZone(long.startDate, long.timeZone)} · Berlin · 10k. ${description}`;
    expect(preview.length).toBeLessThanOrEqual(200);
    expect(preview.endsWith('…')).toBe(true);
    // Cut between two words.
    const kept = preview.slice(0, -1);
    expect(whole.startsWith(kept)).toBe(true);
    expect(whole[kept.length]).toBe(' ');
    expect(JSON.parse(jsonLdBlocks(html)[0]!).description).toBe(description);
  });

  it('says SoldOut once every place is taken', async () => {
    const full = await createMarathon(testApp.app, organizer, { capacity: 1, timeZone: 'UTC' });
    const before = JSON.parse(jsonLdBlocks((await getPage(full._id)).body)[0]!);
    expect(before.offers.availability).toBe('https://schema.org/InStock');
    await register(testApp.app, await signUp(testApp.app), full._id);

    const after = JSON.parse(jsonLdBlocks((await getPage(full._id)).body)[0]!);
    expect(after.offers.availability).toBe('https://schema.org/SoldOut');
    // A race run on UTC keeps UTC times.
    expect(after.startDate).toBe(full.startDate);
  });

  it('names a marathon as runners say it in the preview, and gives it the hours a marathon takes', async () => {
    const marathon = await createMarathon(testApp.app, organizer, {
      title: 'Spree Marathon',
      location: 'Berlin',
      description: 'Flat and fast.',
      timeZone: 'Europe/Berlin',
      distance: '42.2k',
      startDate: '2099-06-14T07:00:00.000Z',
    });

    const html = (await getPage(marathon._id)).body;

    expect(metaTags(html)['og:description']).toBe(
      'Sun 14 Jun 2099, 09:00 CEST · Berlin · Marathon (42.2 km). Flat and fast.',
    );
    expect(html).toContain('"endDate":"2099-06-14T15:00:00+02:00"');
  });

  it('keeps an image on another host as it is, and follows a change of the race', async () => {
    const other = await createMarathon(testApp.app, organizer, {
      image: 'https://images.example.org/poster.jpg?size=large&v=2',
    });
    expect(metaTags((await getPage(other._id)).body)['og:image']).toBe(
      'https://images.example.org/poster.jpg?size=large&v=2',
    );

    const renamed = await testApp.app.inject({
      method: 'PATCH',
      url: `/api/marathons/${other._id}`,
      headers: bearerHeaders(organizer.token),
      payload: { title: 'Renamed Night Run' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(metaTags((await getPage(other._id)).body)['og:title']).toBe('Renamed Night Run');
  });

  it("keeps the site's Content-Security-Policy and may be cached briefly", async () => {
    const response = await getPage(race._id);

    // Scripts from this site only: the JSON-LD block is data, which script-src does not govern.
    expect(response.headers['content-security-policy']).toContain("script-src 'self';");
    expect(response.headers['cache-control']).toBe('public, max-age=2');
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('answers HEAD like GET, without a body', async () => {
    const response = await testApp.app.inject({ method: 'HEAD', url: `/races/${race._id}` });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toBe('');
  });

  it('follows a new build of the web app', async () => {
    const rebuilt = INDEX_HTML.replace(
      APP_SCRIPT,
      '<script type="module" src="/assets/index-def.js"></script>',
    );
    await writeFile(path.join(webDistDir, 'index.html'), rebuilt);
    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(webDistDir, 'index.html'), later, later);
    try {
      const html = (await getPage(race._id)).body;
      expect(html).toContain('src="/assets/index-def.js"');
      expect(html).not.toContain('/src/main.tsx');
    } finally {
      await writeFile(path.join(webDistDir, 'index.html'), INDEX_HTML);
    }
  });

  const expectPlainPageNotFound = (response: LightMyRequestResponse) => {
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    // The app itself, which shows its not-found screen.
    expect(response.body).toBe(INDEX_HTML);
  };

  it('answers an unknown race with the app and a 404', async () => {
    expectPlainPageNotFound(await getPage(MISSING_ID));
  });

  it.each(MALFORMED_IDS.slice(0, 4))('answers the malformed id %j with the app and a 404', async (id) => {
    expectPlainPageNotFound(await getPage(encodeURIComponent(id)));
  });
});

describe('without a built web app', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ config: { webDistDir: undefined } });
  });
  afterAll(() => testApp?.close());

  it('answers /races/:id with the JSON 404 of any unknown path', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: `/races/${MISSING_ID}` });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: `Not found: GET /races/${MISSING_ID}` });
  });
});
