import { readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** What the page's <head> needs from the hydration bundle. */
export interface HydrationTags {
  /** `<link rel="modulepreload">` and `<script type="module">` tags; '' when the bundle is not built. */
  html: string;
  /** Changes with every build, so a rebuilt bundle changes the pages' ETags. */
  version: string;
}

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
  let tags: HydrationTags = { html: '', version: 'none' };

  function read(): HydrationTags {
    let stat: ReturnType<typeof statSync> | undefined;
    try {
      stat = statSync(manifestFile);
    } catch {
      manifestTime = -1;
      return { html: '', version: 'none' };
    }
    if (stat.mtimeMs === manifestTime) return tags;
    manifestTime = stat.mtimeMs;
    try {
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
      const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
      if (!entry) return { html: '', version: 'none' };
      const preloads = new Set<string>();
      const visit = (key: string) => {
        const chunk = manifest[key];
        if (!chunk || preloads.has(chunk.file)) return;
        preloads.add(chunk.file);
        for (const next of chunk.imports ?? []) visit(next);
      };
      for (const key of entry.imports ?? []) visit(key);
      const url = (file: string) => attribute(`${publicPath}${file}`);
      const html = [
        ...(entry.css ?? []).map((file) => `<link rel="stylesheet" href="${url(file)}">`),
        ...[...preloads].map((file) => `<link rel="modulepreload" href="${url(file)}">`),
        // Module scripts run after the document is parsed; `defer` says so to older tools too.
        `<script type="module" src="${url(entry.file)}" defer></script>`,
      ].join('');
      return { html, version: entry.file };
    } catch {
      return { html: '', version: 'none' };
    }
  }

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

    /** A file of the bundle by its path under `/public-menu/`, or null (unknown, hidden, outside). */
    async file(relative: string): Promise<{ body: Buffer; type: string; immutable: boolean } | null> {
      const parts = relative.split('/');
      if (parts.some((part) => part === '' || part.startsWith('.') || part.includes('\\'))) return null;
      const file = path.join(dir, ...parts);
      if (!file.startsWith(`${dir}${path.sep}`)) return null;
      const type = types[path.extname(file).toLowerCase()];
      if (!type) return null;
      try {
        const body = await readFile(file);
        return { body, type, immutable: parts[0] === 'assets' };
      } catch {
        return null;
      }
    },
  };
}

export type PublicMenuAssets = ReturnType<typeof createPublicMenuAssets>;
