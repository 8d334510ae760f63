import { createRequire } from 'node:module';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const COMPRESSIBLE_FILE = /\.(?:js|css|html|json|svg|txt)$/;
/** Below this, a compressed copy saves less than a network packet. */
const MIN_COMPRESSIBLE_BYTES = 1024;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside each text file of the build. The server sends them
 * (@fastify/static `preCompressed`), so it compresses nothing per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'stride:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((entry) => entry.isFile() && COMPRESSIBLE_FILE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          if (content.length < MIN_COMPRESSIBLE_BYTES) return;
          await writeFile(`${file}.br`, await promisify(brotliCompress)(content));
          await writeFile(`${file}.gz`, await promisify(gzip)(content, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * React Router publishes only its development build through its package exports, so production bundles carry
 * its dev warnings (remix-run/react-router#14102). The build uses the production files it ships beside them.
 */
function reactRouterProductionBuild() {
  const dist = path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist',
  );
  return [
    { find: /^react-router$/, replacement: path.join(dist, 'production/index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(dist, 'production/dom-export.mjs') },
  ];
}

/** GET requests of this origin whose path matches: what the service worker may keep of the API. */
type RouteMatch = { url: URL; request: Request; sameOrigin: boolean };

/**
 * The service worker (issue 33, STYLE.md point 24): Workbox precaches the built app — index.html and every
 * script, style and icon, nothing from another host — so the check-in screen and the race pass open with no
 * network. Their navigations are answered with the precached index.html; of the API it keeps only what those
 * screens read at start, network first: a race (the check-in screen's title and time zone) and a registration
 * (the pass). Registered by those screens' lazy modules only (`lib/service-worker.ts`), never by the entry; the
 * manifest is `public/manifest.webmanifest`, linked from index.html. The caches' names are
 * `SERVICE_WORKER_CACHES` of `src/lib/service-worker.ts` (signing out drops the passes).
 */
function serviceWorker() {
  return VitePWA({
    injectRegister: false,
    manifest: false,
    strategies: 'generateSW',
    workbox: {
      globPatterns: ['index.html', 'assets/**/*.{js,css}', '*.{svg,js,webmanifest}', 'icons/*.png'],
      // Offline, the check-in screen and the race pass open from the precached page; other pages need the network.
      navigateFallback: '/index.html',
      navigateFallbackAllowlist: [/^\/checkin\/[^/]+$/, /^\/dashboard\/my-applies\/[^/]+\/pass$/],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
      runtimeCaching: [
        {
          urlPattern: ({ url, request, sameOrigin }: RouteMatch) =>
            sameOrigin && request.method === 'GET' && /^\/api\/registrations\/[^/]+$/.test(url.pathname),
          handler: 'NetworkFirst',
          options: {
            cacheName: 'stride-race-passes',
            networkTimeoutSeconds: 5,
            expiration: { maxEntries: 20 },
          },
        },
        {
          urlPattern: ({ url, request, sameOrigin }: RouteMatch) =>
            sameOrigin &&
            request.method === 'GET' &&
            url.search === '' &&
            /^\/api\/marathons\/[^/]+$/.test(url.pathname) &&
            url.pathname !== '/api/marathons/featured',
          handler: 'NetworkFirst',
          options: {
            cacheName: 'stride-races',
            networkTimeoutSeconds: 5,
            expiration: { maxEntries: 20 },
          },
        },
      ],
    },
  });
}

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), serviceWorker(), precompress()],
  resolve: {
    // Compile @stride/shared from its TypeScript source: no separate build step for the front.
    conditions: ['@stride/source', ...defaultClientConditions],
    alias: command === 'build' ? reactRouterProductionBuild() : [],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? 3000}` } },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // scripts/size.mjs reads it to report each route's JavaScript.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first load needs (React, the router, the page frame) in the entry chunk: one file
          // that compresses better than the several small shared chunks the default splitting makes. The
          // screens' lazy chunks import from it.
          groups: [
            { name: 'index', tags: ['$initial'] },
            // The small modules every race list and page reads (the API call, counts, dates, paging, the
            // races' clocks, the shared constants, out of the entry since the theme's have a module of their
            // own): one chunk instead of eight, as small chunks compress badly and each costs its
            // importers an import (Home 100.0 → 98.0 KB brotli; the sign-in pages load 1.7 KB more). They
            // have no side effects, so their dependencies may stay where they are.
            {
              name: 'common',
              test: /apps\/web\/src\/lib\/(counts|dates|paging|api-client)\.ts|packages\/shared\/src\/(rules|time-zones|constants)\.ts|features\/marathons\/api\/marathons-api\.ts|components\/ui\/load-failed/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
}));
