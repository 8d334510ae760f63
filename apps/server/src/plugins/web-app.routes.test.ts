import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../testing/test-app.js';

const INDEX_HTML =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/app-abc.js"></script></body></html>';
const APP_JS = 'console.log("stride");';
const SERVICE_WORKER = 'self.addEventListener("fetch", () => {});';
const MANIFEST = '{"name":"Stride","start_url":"/dashboard","display":"standalone"}';

describe('with a built web app', () => {
  let webDistDir: string;
  let testApp: TestApp;
  beforeAll(async () => {
    webDistDir = await mkdtemp(path.join(tmpdir(), 'stride-web-dist-'));
    await mkdir(path.join(webDistDir, 'assets'));
    await writeFile(path.join(webDistDir, 'index.html'), INDEX_HTML);
    await writeFile(path.join(webDistDir, 'index.html.gz'), gzipSync(INDEX_HTML));
    await writeFile(path.join(webDistDir, 'assets', 'app-abc.js'), APP_JS);
    await writeFile(path.join(webDistDir, 'assets', 'app-abc.js.br'), brotliCompressSync(APP_JS));
    await writeFile(path.join(webDistDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(path.join(webDistDir, 'sw.js'), SERVICE_WORKER);
    await writeFile(path.join(webDistDir, 'manifest.webmanifest'), MANIFEST);
    testApp = await buildTestApp({ config: { webDistDir } });
  });
  afterAll(async () => {
    await testApp?.close();
    await rm(webDistDir, { recursive: true, force: true });
  });

  it.each(['/', '/some/client/route', '/marathons/42?tab=details'])(
    'answers the page %s with index.html, never cached',
    async (url) => {
      const response = await testApp.app.inject({ method: 'GET', url });

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX_HTML);
    },
  );

  it('serves hashed assets with an immutable, year-long cache', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/assets/app-abc.js' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(APP_JS);
  });

  it("sends the build's brotli copy of an asset to clients that accept it, cached like the asset", async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/assets/app-abc.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(APP_JS);
  });

  it.each(['/', '/some/client/route'])(
    'sends the gzip copy of index.html for %s, never cached',
    async (url) => {
      const response = await testApp.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip' },
      });

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(gunzipSync(response.rawPayload).toString()).toBe(INDEX_HTML);
    },
  );

  it('serves other files revalidated on every use', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/favicon.svg' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it.each([
    ['/sw.js', /javascript/, SERVICE_WORKER],
    ['/manifest.webmanifest', /^application\/manifest\+json/, MANIFEST],
  ])(
    'serves %s revalidated on every use, so an installed app never runs a stale one',
    async (url, type, body) => {
      const response = await testApp.app.inject({ method: 'GET', url });

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(type);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(body);
    },
  );

  it.each([
    ['GET', '/api/nope'],
    ['GET', '/api'],
    ['POST', '/some/client/route'],
  ] as const)('answers %s %s with a JSON 404, not the page', async (method, url) => {
    const response = await testApp.app.inject({ method, url });

    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ success: false, message: `Not found: ${method} ${url}` });
  });

  it('still answers the API', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', mail: { pending: 0, failed: 0 } });
  });
});

describe.each([
  ['no web dist dir configured', undefined],
  ['a web dist dir without index.html', path.join(tmpdir(), 'stride-no-such-dist')],
])('with %s', (_case, webDistDir) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ config: { webDistDir } });
  });
  afterAll(() => testApp?.close());

  it.each(['/', '/some/client/route'])('answers GET %s with a JSON 404', async (url) => {
    const response = await testApp.app.inject({ method: 'GET', url });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: `Not found: GET ${url}` });
  });
});
