import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    // Compile @stride/shared from its TypeScript source: no separate build step for the front.
    conditions: ['@stride/source', ...defaultClientConditions],
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
  },
});
