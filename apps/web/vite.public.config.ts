import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { menuFontsPlugin } from './menu-fonts.ts';

/**
 * The public menu's hydration bundle (src/public-menu/main.ts), built apart from the owner's app:
 * one small script for diners, with preact/compat in place of React (React's client alone is about
 * 57 KB gzip, over the page's 50 KB budget; Preact hydrates react-dom/server markup as is).
 *
 * Output: dist/public-menu/assets/main-[hash].js and dist/public-menu/.vite/manifest.json, whose
 * entry "src/public-menu/main.ts" names the file; dist/public-menu/fonts.json and assets/fonts/ (the
 * menu fonts, menu-fonts.ts); a .br and a .gz beside each text file over 1 KB. The server serves dist/ (so the script is at
 * /public-menu/assets/…, cached as immutable) and reads the manifest for the <script> tag.
 */
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('.'),
  base: '/public-menu/',
  publicDir: false,
  // The menu fonts (menu-fonts.ts), then brotli and gzip copies of every text file for the server
  // to send as they are (public-menu.assets.ts): woff2 is compressed already.
  plugins: [menuFontsPlugin(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react$/, replacement: 'preact/compat' },
      // The page never validates: see zod-stand-in.ts.
      { find: /^zod$/, replacement: here('src/public-menu/zod-stand-in.ts') },
    ],
  },
  build: {
    outDir: 'dist/public-menu',
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: here('src/public-menu/main.ts'),
      treeshake: {
        // @carte/domain is pure but does not say so; saying it drops the modules the page does not use.
        moduleSideEffects: [{ test: /packages[\\/]domain[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
});
