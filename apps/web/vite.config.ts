import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiOrigin = process.env.CARTE_API_ORIGIN ?? 'http://localhost:3000';
// Everything the server answers itself: the API, uploaded media, public menus and CSV templates.
const proxied = ['/api', '/media', '/menu', '/templates', '/billing'];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
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
      treeshake: {
        // @carte/domain is pure (schemas, rules, texts) but its package.json does not say so; saying it
        // here keeps e.g. the phone-number metadata out of the first download of every page.
        moduleSideEffects: [{ test: /packages[\\/]domain[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
});
