import { readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** What the page's <head> needs from the hydration bundle. */
export interface HydrationTags {
  /** `<link rel="modulepreload">` and `<script type="module">` tags; '' when the bundle is not built. */
  html: string;
  /** Changes with every build, so a rebuilt bundle changes the pages' ETags. */
  version: string;
  /** The self-hosted menu fonts of the same build (`fonts.json`), or none. */
  fonts: FontManifest;
}

/** One file of a family: a weight of one subset (@fontsource's split, with its unicode-range). */
interface FontFile {
  weight: number;
  subset: string;
  file: string;
  range: string;
}

/** `dist/public-menu/fonts.json`, written by apps/web/menu-fonts.ts: the menu fonts by family name. */
export interface FontManifest {
  families: Record<string, { css: string; faces: FontFile[] }>;
}

/** The fonts a page declares: `@font-face` rules, and the preload of the face of its first screen. */
export interface PageFonts {
  css: string;
  preload: string;
}

const noFonts: FontManifest = { families: {} };

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The hydration script of the public menu, built by apps/web into `dist/public-menu/` with a Vite
 * manifest (`.vite/manifest.json`). The page links the entry found there; the manifest is looked at
 * again at most every few seconds, so a rebuild is picked up without a restart, and a missing build
 * leaves the page without script (it works without one).
 *
 * `/public-menu/*` is served from here, so those paths never fall into the web app's index.html:
 * hashed files under `assets/` with a year-long immutable cache, anything else revalidated.
 */
export function createPublicMenuAssets(options: { dir: string; publicPath?: string; recheckMs?: number }) {
  const dir = path.resolve(options.dir);
  const publicPath = options.publicPath ?? '/public-menu/';
  const manifestFile = path.join(dir, '.vite', 'manifest.json');
  const recheckMs = options.recheckMs ?? 5000;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let manifestTime = -1;
  let tags: HydrationTags = { html: '', version: 'none', fonts: noFonts };
  const fontCache = new Map<string, PageFonts>();

  function readFonts(): FontManifest {
    try {
      const parsed = JSON.parse(readFileSync(path.join(dir, 'fonts.json'), 'utf8')) as FontManifest;
      return parsed && typeof parsed.families === 'object' ? parsed : noFonts;
    } catch {
      return noFonts;
    }
  }

  function read(): HydrationTags {
    let stat: ReturnType<typeof statSync> | undefined;
    try {
      stat = statSync(manifestFile);
    } catch {
      manifestTime = -1;
      return { html: '', version: 'none', fonts: noFonts };
    }
    if (stat.mtimeMs === manifestTime) return tags;
    manifestTime = stat.mtimeMs;
    fontCache.clear();
    const fonts = readFonts();
    try {
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
      const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
      if (!entry) return { html: '', version: 'none', fonts };
      const preloads = new Set<string>();
      const visit = (key: string) => {
        const chunk = manifest[key];
        if (!chunk || preloads.has(chunk.file)) return;
        preloads.add(chunk.file);
        for (const next of chunk.imports ?? []) visit(next);
      };
      for (const key of entry.imports ?? []) visit(key);
      const html = [
        ...(entry.css ?? []).map((file) => `<link rel="stylesheet" href="${url(file)}">`),
        ...[...preloads].map((file) => `<link rel="modulepreload" href="${url(file)}">`),
        // Module scripts run after the document is parsed; `defer` says so to older tools too.
        `<script type="module" src="${url(entry.file)}" defer></script>`,
      ].join('');
      return { html, version: entry.file, fonts };
    } catch {
      return { html: '', version: 'none', fonts };
    }
  }

  /** The file of `family` nearest to `weight` (the heavier on a tie), per subset. */
  function nearest(faces: FontFile[], weight: number): number | null {
    let best: number | null = null;
    for (const face of faces) {
      if (
        best === null ||
        Math.abs(face.weight - weight) < Math.abs(best - weight) ||
        (Math.abs(face.weight - weight) === Math.abs(best - weight) && face.weight > best)
      )
        best = face.weight;
    }
    return best;
  }

  const url = (file: string) => attribute(`${publicPath}${file}`);

  return {
    /** The tags for the page head (cheap: the manifest is read again only when it changed). */
    tags(): HydrationTags {
      const now = Date.now();
      if (now - checkedAt >= recheckMs) {
        checkedAt = now;
        tags = read();
      }
      return tags;
    },

    /**
     * The `@font-face` rules of the families and weights a page uses (only those: the browser
     * fetches a face when text needs it, and a subset when the text has its characters), each with
     * `font-display: swap`, and a preload of the latin file of `first` (the face of the first
     * screen). Families the build does not have are left to the system stack.
     */
    fonts(
      needs: Array<{ family: string; weights: number[] }>,
      first: { family: string; weights: number[] } | null,
    ): PageFonts {
      const current = this.tags();
      const key = JSON.stringify([needs, first]);
      const cached = fontCache.get(key);
      if (cached) return cached;
      const rules: string[] = [];
      for (const need of needs) {
        const family = current.fonts.families[need.family];
        if (!family) continue;
        const weights = new Set(need.weights.map((weight) => nearest(family.faces, weight)));
        for (const face of family.faces) {
          if (!weights.has(face.weight)) continue;
          rules.push(
            `@font-face{font-family:"${need.family}";font-style:normal;font-weight:${face.weight};font-display:swap;src:url(${url(face.file)}) format("woff2");unicode-range:${face.range}}`,
          );
        }
      }
      let preload = '';
      const family = first ? current.fonts.families[first.family] : undefined;
      if (first && family) {
        const weight = nearest(family.faces, first.weights[0] ?? 400);
        const face = family.faces.find((entry) => entry.weight === weight && entry.subset === 'latin');
        if (face)
          preload = `<link rel="preload" href="${url(face.file)}" as="font" type="font/woff2" crossorigin>`;
      }
      const result = { css: rules.join(''), preload };
      if (fontCache.size < 1000) fontCache.set(key, result);
      return result;
    },

    /**
     * A file of the bundle by its path under `/public-menu/`, or null (unknown, hidden, outside):
     * its brotli or gzip copy made at build time (vite-plugin-compression2) when the client accepts
     * it and the build has one.
     */
    async file(
      relative: string,
      acceptEncoding = '',
    ): Promise<{ body: Buffer; type: string; immutable: boolean; encoding: Encoding | null } | null> {
      const parts = relative.split('/');
      if (parts.some((part) => part === '' || part.startsWith('.') || part.includes('\\'))) return null;
      const file = path.join(dir, ...parts);
      if (!file.startsWith(`${dir}${path.sep}`)) return null;
      const type = types[path.extname(file).toLowerCase()];
      if (!type) return null;
      const immutable = parts[0] === 'assets';
      for (const encoding of acceptedEncodings(acceptEncoding)) {
        try {
          const body = await readFile(`${file}${encoding === 'br' ? '.br' : '.gz'}`);
          return { body, type, immutable, encoding };
        } catch {
          // no precompressed copy: the next encoding, or the file itself
        }
      }
      try {
        const body = await readFile(file);
        return { body, type, immutable, encoding: null };
      } catch {
        return null;
      }
    },
  };
}

export type Encoding = 'br' | 'gzip';

/**
 * The encodings a client accepts, best first (brotli, then gzip), from its Accept-Encoding header;
 * one it refuses with `q=0` is left out.
 */
export function acceptedEncodings(header: string | undefined): readonly Encoding[] {
  if (!header) return [];
  // Browsers send a handful of distinct headers: each is parsed once (a cached page's hot path).
  let known: readonly Encoding[] | undefined = encodingsByHeader.get(header);
  if (!known) {
    known = parseAcceptEncoding(header);
    if (encodingsByHeader.size >= 256) encodingsByHeader.clear();
    encodingsByHeader.set(header, known);
  }
  return known;
}
const encodingsByHeader = new Map<string, readonly Encoding[]>();

function parseAcceptEncoding(header: string): Encoding[] {
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    accepted.set(name!.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const star = accepted.get('*');
  const takes = (name: string) => (accepted.get(name) ?? star ?? 0) > 0;
  return (['br', 'gzip'] as const).filter(takes);
}

export type PublicMenuAssets = ReturnType<typeof createPublicMenuAssets>;
