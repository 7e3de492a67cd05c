import { type CacheStats, createMemoryCache } from '../../adapters/cache/index.ts';
import type { Rendered } from './public-menu.page.ts';

/** The memory budgets of the public menu's caches, per process (decisions, issue 21). */
export const PUBLIC_MENU_BUDGETS = {
  /** The restaurants' data (public-menu.service.ts). */
  data: 256 * 1024 * 1024,
  /** Rendered pages and answers, with their compressed copies. */
  pages: 128 * 1024 * 1024,
  /** Addresses as asked (`/menu/…?…`) pointing at the page they draw. */
  addresses: 8 * 1024 * 1024,
};

/**
 * A rendered page's size as held: a compact page (`compactRendered`) its brotli copy, and its gzip
 * copy and plain body once asked for (the page is counted again then: `grown`); a plain one its body, and
 * its compressed copies counted in advance (about a quarter of it).
 */
export const renderedSize = (rendered: Rendered, key: string): number =>
  (rendered.length !== undefined && rendered.br
    ? rendered.br.length + (rendered.gzip?.length ?? 0) + (rendered.plain?.length ?? 0)
    : Math.ceil(rendered.body.length * 1.25)) +
  key.length * 2 +
  256;

/**
 * The rendered pages, keyed by what they show (never by the clock: public-menu.state.ts `view`),
 * and the index of addresses that lead to them. Both are bounded by bytes, least recently used
 * first; an address points at a page by its key, so it never keeps alive a page evicted from
 * `pages`, and a page that leaves takes the addresses pointing at it along.
 */
export function createPageCache(options: { now: () => number; maxBytes?: number; maxAddressBytes?: number }) {
  /** Page key → the address keys that point at it (the index's reverse side). */
  const pointing = new Map<string, Set<string>>();
  const addresses = createMemoryCache<string>({
    maxBytes: options.maxAddressBytes ?? PUBLIC_MENU_BUDGETS.addresses,
    now: options.now,
    // Two strings (UTF-16 at worst), the reverse entry and the bookkeeping of both maps.
    sizeOf: (pageKey, key) => (key.length + pageKey.length) * 2 + 160,
    onRemove: (key, pageKey) => {
      const set = pointing.get(pageKey);
      set?.delete(key);
      if (set?.size === 0) pointing.delete(pageKey);
    },
  });
  const pages = createMemoryCache<Rendered>({
    maxBytes: options.maxBytes ?? PUBLIC_MENU_BUDGETS.pages,
    now: options.now,
    sizeOf: renderedSize,
    onRemove: (key) => {
      const set = pointing.get(key);
      if (!set) return;
      pointing.delete(key);
      for (const address of set) addresses.delete(address);
    },
  });
  let renders = 0;

  return {
    /**
     * The page under `key`, rendered once while it stays in the cache; `expiresAt` only for a page
     * whose key does not name all it depends on (the banner's early answer: its minute).
     */
    page(key: string, render: () => Rendered, expiresAt = Number.POSITIVE_INFINITY): Rendered {
      const cached = pages.get(key);
      if (cached) return cached;
      const rendered = render();
      renders += 1;
      // Keyed by content, so it never goes stale: only the budget removes it.
      pages.set(key, rendered, expiresAt);
      // A copy made later (gzip) is counted then: stored again, the page is measured again.
      if (rendered.length !== undefined)
        rendered.grown = () => {
          if (pages.has(key)) pages.set(key, rendered, expiresAt);
        };
      return rendered;
    },
    /** The page an address led to before, if it is still held. */
    byAddress(address: string): Rendered | undefined {
      const key = addresses.get(address);
      if (key === undefined) return undefined;
      const rendered = pages.get(key);
      if (!rendered) addresses.delete(address);
      return rendered;
    },
    /** Remembers that `address` draws the page under `key` (held in `pages`). */
    link(address: string, key: string): void {
      if (!pages.has(key)) return;
      addresses.set(address, key, Number.POSITIVE_INFINITY);
      if (!addresses.has(address)) return; // larger than the whole budget
      const set = pointing.get(key);
      if (set) set.add(address);
      else pointing.set(key, new Set([address]));
    },
    /** How many pages were drawn since the start (tests: an unchanged page is not drawn again). */
    get renders() {
      return renders;
    },
    stats(): { pages: CacheStats; addresses: CacheStats } {
      return { pages: pages.stats(), addresses: addresses.stats() };
    },
    /** Every page and address forgotten (Redis came back after missing drops: see services.ts). */
    clear(): void {
      pages.clear();
      addresses.clear();
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
