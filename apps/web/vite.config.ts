import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const apiOrigin = process.env.CARTE_API_ORIGIN ?? 'http://localhost:3000';
// Everything the server answers itself: the API, uploaded media, public menus and CSV templates.
const proxied = ['/api', '/media', '/menu', '/templates', '/billing'];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Brotli and gzip copies of every text file over 1 KB, sent as they are by the server
  // (@fastify/static `preCompressed`, apps/server/src/app.ts): nothing is compressed per request.
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  resolve: {
    // npm placed two copies of some Mantine packages (root and apps/web); one copy keeps one theme context.
    dedupe: ['react', 'react-dom', '@mantine/core', '@mantine/hooks'],
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiOrigin, changeOrigin: true }])),
  },
  preview: {
    port: 4173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiOrigin, changeOrigin: true }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // zod with the app's zod settings (src/zod-config.ts), in one chunk: every chunk that
            // builds a schema imports it, so the settings hold before the first schema is built.
            // Left in the entry, they would run last (a chunk's imports run before its own code).
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]zod-config\.ts$/ },
          ],
        },
      },
      treeshake: {
        // @carte/domain is pure (schemas, rules, texts) but its package.json does not say so; saying it
        // here keeps e.g. the phone-number metadata out of the first download of every page.
        moduleSideEffects: [{ test: /packages[\\/]domain[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
});
