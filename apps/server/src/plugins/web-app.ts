import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const HASHED_ASSETS = `${path.sep}assets${path.sep}`;
/** The build's precompressed copies (`app.js.br`, `app.js.gz`) are cached as the file they encode. */
const COMPRESSED_COPY_SUFFIX = /\.(?:br|gz)$/;
/**
 * Files a browser must ask for again on every use: the page, the service worker (a stale one would keep serving
 * an old app) and the web app manifest.
 */
const NEVER_STALE = new Set(['index.html', 'sw.js', 'manifest.webmanifest']);

/**
 * Serves the built web app. Unknown non-/api GETs get index.html so client routes survive a reload;
 * everything else unknown is a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string | undefined) {
  const hasWebApp = webDistDir !== undefined && existsSync(path.join(webDistDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: true,
      index: 'index.html',
      cacheControl: false,
      // The web build writes .br and .gz copies of its text files; sent to clients that accept them.
      preCompressed: true,
      // Also runs for the SPA fallback's sendFile('index.html'), after its headers: the page is decided here too.
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          filePath.includes(HASHED_ASSETS)
            ? 'public, max-age=31536000, immutable'
            : NEVER_STALE.has(path.basename(filePath).replace(COMPRESSED_COPY_SUFFIX, ''))
              ? 'no-cache'
              : 'public, max-age=0, must-revalidate',
        );
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'no built web app found: serving the API only (run `npm run build`)');
  }

  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split('?')[0]!;
    const isApi = urlPath === '/api' || urlPath.startsWith('/api/');
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi;
    if (hasWebApp && isPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ success: false, message: `Not found: ${request.method} ${urlPath}` });
  });
}
