import type { CustomerMenu, PublicDish } from '@carte/domain';
import { type Cache, type CacheStats, createCache } from '../../adapters/cache/index.ts';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import type { BillingService } from '../billing/index.ts';
import { displaySource, loadPublicMenuSource, type PublicMenuSource } from './public-menu.data.ts';
import { createPageCache, type PageCache, PUBLIC_MENU_BUDGETS } from './public-menu.pages.ts';
import { type PublicMenuState, stateAt } from './public-menu.state.ts';

/** One cached restaurant: its data (or null: no such restaurant) and its state for the current minute. */
export interface PublicMenuEntry {
  source: PublicMenuSource | null;
  state: PublicMenuState | null;
  /** The restaurant's menu displays asked for so far, each its own source and state (same life). */
  displays?: Map<string, { source: PublicMenuSource; state: PublicMenuState | null }>;
}

/**
 * The state of a source now, computed again at most once a minute (keeping the previous state's
 * view while nothing shown changed: public-menu.state.ts).
 */
function fresh(holder: { source: PublicMenuSource; state: PublicMenuState | null }, now: number) {
  // validUntil is a minute boundary after the state's instant; a clock moved back renews it too.
  if (!holder.state || now >= holder.state.validUntil || now < holder.state.validUntil - 60_000) {
    holder.state = stateAt(holder.source, now, holder.state);
  }
  return { source: holder.source, state: holder.state };
}

export interface PublicMenuServiceDeps {
  db: Db;
  storage: Storage;
  now: () => Date;
  cache: Cache<PublicMenuEntry>;
  /** The rendered pages and their addresses (made here when absent). */
  pages?: PageCache;
  /** Subscriptions that ended turn their menus into drafts before a read (decisions §4 Billing). */
  billing: Pick<BillingService, 'applyCalendar'>;
  /**
   * How long an entry may live unchanged. Every service that changes public data says so at once
   * (`changed`); this bounds what other paths (a write straight to the database, another instance's
   * write until changes are shared over Redis) could leave behind.
   */
  maxAgeMs?: number;
  /** How long "no such restaurant" is remembered, so unknown ids do not reach the database each time. */
  missingMaxAgeMs?: number;
}

export const PUBLIC_MENU_MAX_AGE_MS = 5 * 60_000;

/**
 * An entry's memory, estimated from the length of its data's JSON: parsed into objects it takes
 * about three times that (keys and small strings repeated per object, object headers), and its
 * states share the source's objects. "No such restaurant" is a few hundred bytes.
 */
export const entrySize = (entry: PublicMenuEntry, key: string): number =>
  (entry.source ? entry.source.size * 3 + 2048 : 256) + key.length * 2;

/**
 * The restaurants' data, per process, within a memory budget (`entrySize`), however many
 * restaurants it holds; the least recently used goes first.
 */
export function createPublicMenuCache(
  config: Pick<Config, 'redisUrl'>,
  now: () => Date,
  maxBytes = PUBLIC_MENU_BUDGETS.data,
) {
  return createCache<PublicMenuEntry>(config, { maxBytes, now: () => now().getTime(), sizeOf: entrySize });
}

/** What `/api/health` tells of the public menu's caches. */
export interface PublicMenuCacheStats {
  data: CacheStats;
  pages: CacheStats & { renders: number };
  addresses: CacheStats;
}

/**
 * The public menu's fast path (DESIGN.md, path 1): the published data of a restaurant is read once
 * (public-menu.data.ts) and kept in the cache, keyed by restaurant id; the clock is applied per
 * request from it (public-menu.state.ts), once a minute at most. It implements the public-menu
 * port: `changed` forgets a restaurant and its locations, called by every service that changed them.
 */
export function createPublicMenuService(deps: PublicMenuServiceDeps) {
  const { cache } = deps;
  const pages = deps.pages ?? createPageCache({ now: () => deps.now().getTime() });
  const maxAgeMs = deps.maxAgeMs ?? PUBLIC_MENU_MAX_AGE_MS;
  const missingMaxAgeMs = deps.missingMaxAgeMs ?? 10_000;
  /** Reads in flight, one per restaurant; a change removes them so their stale result is not kept. */
  const loading = new Map<string, Promise<PublicMenuEntry>>();

  function load(restaurantId: string): Promise<PublicMenuEntry> {
    const running = loading.get(restaurantId);
    if (running) return running;
    const started = deps.now().getTime();
    const promise = loadPublicMenuSource(deps, restaurantId)
      .then((source) => {
        const entry: PublicMenuEntry = { source, state: null };
        // Kept only if no change came in meanwhile (`changed` took this read out of `loading`).
        if (loading.get(restaurantId) === promise) {
          // A period that ended already (a renewal the provider has not reported yet) is no
          // reason to read the database on every request: the usual age bounds the entry then.
          const periodEndsAt =
            source?.periodEndsAt != null && source.periodEndsAt > started
              ? source.periodEndsAt
              : Number.POSITIVE_INFINITY;
          const expiresAt = source ? Math.min(started + maxAgeMs, periodEndsAt) : started + missingMaxAgeMs;
          cache.set(restaurantId, entry, expiresAt);
        }
        return entry;
      })
      .finally(() => {
        if (loading.get(restaurantId) === promise) loading.delete(restaurantId);
      });
    loading.set(restaurantId, promise);
    return promise;
  }

  /**
   * The restaurant's public menu now, or that of one of its menu displays (`mapId`, doc 2 §2); null
   * when there is no such restaurant or display.
   */
  async function current(
    restaurantId: string,
    mapId?: string,
  ): Promise<{ source: PublicMenuSource; state: PublicMenuState } | null> {
    const entry = cache.get(restaurantId) ?? (await load(restaurantId));
    if (!entry.source) return null;
    const now = deps.now().getTime();
    if (mapId === undefined)
      return fresh(entry as { source: PublicMenuSource; state: PublicMenuState | null }, now);
    entry.displays ??= new Map();
    let display = entry.displays.get(mapId);
    if (!display) {
      const source = displaySource(entry.source, mapId);
      if (!source) return null;
      display = { source, state: null };
      entry.displays.set(mapId, display);
    }
    return fresh(display, now);
  }

  return {
    current,

    /** The pages rendered from `current` (public-menu.routes.ts draws them). */
    pages,

    /** The caches' sizes, budgets and reads since the start (`/api/health`). */
    cacheStats(): PublicMenuCacheStats {
      const rendered = pages.stats();
      return {
        data: cache.stats(),
        pages: { ...rendered.pages, renders: pages.renders },
        addresses: rendered.addresses,
      };
    },

    /** GET /api/menus/customer (doc 2 §7 getCustomerMenu): null when there is no such restaurant. */
    async customerMenu(restaurantId: string): Promise<CustomerMenu | null> {
      return (await current(restaurantId))?.state.customer ?? null;
    },

    /** A dish of a menu served now (the dish page, doc 2 §2), or null: "Dish not found". */
    async dish(restaurantId: string, menuId: string, dishId: string): Promise<PublicDish | null> {
      const found = await current(restaurantId);
      const menu = found?.state.customer.menus.find((entry) => entry._id === menuId);
      for (const category of menu?.categories ?? []) {
        const dish = category.dishes.find((entry) => entry._id === dishId);
        if (dish) return dish;
      }
      return null;
    },

    /**
     * The public-menu port (core/public-menu-changes.ts), called by services after a change commits:
     * forgets the restaurant and its locations, which show its menus (decisions §4, inheritance);
     * the next request reads them again. Reads in flight are not kept.
     */
    changed(restaurantId: string): void {
      const ids = [restaurantId];
      for (const [id, entry] of cache.entries()) if (entry.source?.parentId === restaurantId) ids.push(id);
      for (const id of ids) cache.delete(id);
      // A location being read now cannot be told from others before its read ends: none is kept.
      loading.clear();
    },
  };
}

export type PublicMenuService = ReturnType<typeof createPublicMenuService>;
