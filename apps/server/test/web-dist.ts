import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const latin = 'U+0000-00FF,U+0131,U+0152-0153';
const latinExt = 'U+0100-02BA,U+1E00-1E9F';

/**
 * A built web app as apps/web writes it, in a temporary folder: the owner app (index.html and a
 * hashed script, each with its .br and .gz made at build time), the public menu's hydration bundle
 * with its Vite manifest and precompressed copies, and two self-hosted menu fonts (fonts.json).
 */
export function writeWebDist() {
  const dir = mkdtempSync(path.join(tmpdir(), 'carte-web-'));
  const write = (relative: string, body: string | Buffer, precompressed = false) => {
    const file = path.join(dir, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, body);
    if (precompressed) {
      writeFileSync(`${file}.br`, brotliCompressSync(body));
      writeFileSync(`${file}.gz`, gzipSync(body));
    }
  };
  const appScript = `console.log(${JSON.stringify('the owner app '.repeat(200))});`;
  const index = `<!doctype html><html lang="en"><head><title>Carte</title><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;
  write('index.html', index, true);
  write('assets/app-abc123.js', appScript, true);
  const menuScript = `console.log(${JSON.stringify('hydrate '.repeat(300))});`;
  write('public-menu/assets/main-abc123.js', menuScript, true);
  write(
    'public-menu/.vite/manifest.json',
    JSON.stringify({
      'src/public-menu/main.tsx': {
        file: 'assets/main-abc123.js',
        isEntry: true,
        src: 'src/public-menu/main.tsx',
      },
    }),
  );
  const families: Record<string, { css: string; faces: object[] }> = {};
  for (const [name, id, weights] of [
    ['Playfair Display', 'playfair-display', [400, 600, 700]],
    ['Lato', 'lato', [400, 700]],
  ] as const) {
    const faces = [];
    for (const [subset, range] of [
      ['latin', latin],
      ['latin-ext', latinExt],
    ] as const) {
      for (const weight of weights) {
        const file = `assets/fonts/${id}-${subset}-${weight}-h${weight}.woff2`;
        write(`public-menu/${file}`, Buffer.from(`wOF2 ${name} ${subset} ${weight}`));
        faces.push({ weight, subset, file, range });
      }
    }
    families[name] = { css: `assets/fonts/${id}-h.css`, faces };
  }
  write('public-menu/fonts.json', JSON.stringify({ families }));
  return { dir, index, appScript, menuScript, close: () => rmSync(dir, { recursive: true, force: true }) };
}
