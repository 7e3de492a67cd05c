import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';
import { menuFonts } from '../../packages/domain/src/menu-catalog.ts';

/**
 * The menu fonts, self-hosted (issue 11 §5): for each of the 50 families on offer (menu-catalog.ts),
 * the files of its @fontsource package that a menu can use — normal style, the weights nearest to
 * 400, 600 and 700, the subsets latin, latin-ext, cyrillic, greek and vietnamese where the family
 * has them — are emitted under `assets/fonts/` with a content hash (served as immutable), with:
 * - `fonts.json`: per family, its files with weight, subset and unicode-range; the server writes a
 *   page's `@font-face` rules from it (only the families and weights the menu uses);
 * - `assets/fonts/{family}-{hash}.css`: the family's rules, for the owner's font preview.
 */
const WEIGHTS = [400, 600, 700];
const SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'greek', 'vietnamese'];

interface Metadata {
  id: string;
  family: string;
  subsets: string[];
  weights: number[];
  styles: string[];
}

const require = createRequire(import.meta.url);

const packageDir = (family: string) =>
  path.dirname(require.resolve(`@fontsource/${family.toLowerCase().replace(/ /g, '-')}/package.json`));

const hashOf = (bytes: Buffer | string) =>
  createHash('sha256').update(bytes).digest('base64url').slice(0, 10);

const nearest = (available: number[], weight: number) =>
  available.reduce((best, candidate) =>
    Math.abs(candidate - weight) < Math.abs(best - weight) ||
    (Math.abs(candidate - weight) === Math.abs(best - weight) && candidate > best)
      ? candidate
      : best,
  );

export function menuFontsPlugin(): Plugin {
  return {
    name: 'carte-menu-fonts',
    apply: 'build',
    generateBundle() {
      const families: Record<string, { css: string; faces: object[] }> = {};
      for (const name of menuFonts) {
        const dir = packageDir(name);
        const meta = JSON.parse(readFileSync(path.join(dir, 'metadata.json'), 'utf8')) as Metadata;
        const ranges = JSON.parse(readFileSync(path.join(dir, 'unicode.json'), 'utf8')) as Record<
          string,
          string
        >;
        const weights = [...new Set(WEIGHTS.map((weight) => nearest(meta.weights, weight)))];
        const faces: Array<{ weight: number; subset: string; file: string; range: string }> = [];
        for (const subset of SUBSETS.filter((entry) => meta.subsets.includes(entry) && ranges[entry])) {
          for (const weight of weights) {
            const source = path.join(dir, 'files', `${meta.id}-${subset}-${weight}-normal.woff2`);
            const bytes = readFileSync(source);
            const file = `assets/fonts/${meta.id}-${subset}-${weight}-${hashOf(bytes)}.woff2`;
            this.emitFile({ type: 'asset', fileName: file, source: bytes });
            faces.push({ weight, subset, file, range: ranges[subset] as string });
          }
        }
        const css = faces
          .map(
            (face) =>
              `@font-face{font-family:"${name}";font-style:normal;font-weight:${face.weight};font-display:swap;src:url(/public-menu/${face.file}) format("woff2");unicode-range:${face.range}}`,
          )
          .join('\n');
        const cssFile = `assets/fonts/${meta.id}-${hashOf(css)}.css`;
        this.emitFile({ type: 'asset', fileName: cssFile, source: css });
        families[name] = { css: cssFile, faces };
      }
      this.emitFile({ type: 'asset', fileName: 'fonts.json', source: JSON.stringify({ families }) });
    },
  };
}
