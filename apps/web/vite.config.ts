import { createRequire } from 'node:module';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

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

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), precompress()],
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
            // races' clocks): one chunk instead of eight, as small chunks compress badly and each costs its
            // importers an import (Home 100.0 → 98.0 KB brotli; the sign-in pages load 1.7 KB more). They
            // have no side effects, so their dependencies may stay where they are.
            {
              name: 'common',
              test: /apps\/web\/src\/lib\/(counts|dates|paging|api-client)\.ts|packages\/shared\/src\/(rules|time-zones)\.ts|features\/marathons\/api\/marathons-api\.ts|components\/ui\/load-failed/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
}));
