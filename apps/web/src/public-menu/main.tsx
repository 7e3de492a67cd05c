/**
 * The public menu's hydration script (DESIGN "the two paths that matter"): the page is complete
 * without it; this adds in-place navigation (dish pages, menu tabs), instant filters written to the
 * URL, the expiry banner with switching (doc 2 §4) and the view reports (decisions §4, analytics).
 *
 * Built on its own by vite.public.config.ts, with preact/compat standing in for React (React's
 * client alone is over the page's 50 KB budget); it hydrates the markup react-dom/server drew.
 */
import {
  type AnalyticsEvent,
  type CustomerMenu,
  type DinerFilterState,
  SWITCH_DELAY_MS,
  TIMELINE_CHECK_MS,
  upcomingSwitch,
} from '@carte/domain';
import {
  clockTime,
  findDish,
  MENU_DATA_ELEMENT_ID,
  MENU_ROOT_ELEMENT_ID,
  PublicMenuApp,
  type PublicMenuPayload,
  type PublicMenuView,
  pageTitle,
  resolvePage,
  restoreDescriptions,
  texts,
  viewHref,
} from '@carte/menu-view';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';

// ---------- the page's data ----------

const isCustomerMenu = (value: unknown): value is CustomerMenu =>
  typeof value === 'object' &&
  value !== null &&
  'restaurant' in value &&
  'menus' in value &&
  Array.isArray((value as CustomerMenu).menus);

/** The server embeds a `PublicMenuPayload`, or a bare `CustomerMenu` read with the URL. */
function readPayload(): PublicMenuPayload | null {
  const text = document.getElementById(MENU_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  const parsed: unknown = JSON.parse(text);
  if (isCustomerMenu(parsed)) {
    const page = resolvePage(parsed, location.pathname, location.search);
    return { data: parsed, view: page.view, filters: page.filters, mapId: page.mapId, baseUrl: '' };
  }
  const payload = parsed as Partial<PublicMenuPayload>;
  if (!payload.view || !isCustomerMenu(payload.data)) return null;
  const root = document.getElementById(MENU_ROOT_ELEMENT_ID);
  return {
    // The shown menu's descriptions are in the markup only (menu-view compact.ts).
    data: payload.descriptionsInPage && root ? restoreDescriptions(payload.data, root) : payload.data,
    view: payload.view,
    filters: payload.filters ?? { diets: [], foodTypes: [], customFilters: [], sort: null },
    mapId: payload.mapId ?? null,
    baseUrl: payload.baseUrl ?? '',
    partial: payload.partial ?? [],
  };
}

// ---------- analytics (first party, no cookies) ----------

/** Where the diner came from: the referrer's host, unless it is this site itself. */
function referrerHost(): string | undefined {
  try {
    const host = document.referrer ? new URL(document.referrer).host : '';
    return host && host !== location.host ? host.slice(0, 200) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One event as JSON text (sent as text/plain, which a beacon may carry without a preflight); the
 * page never waits for it.
 */
function report(baseUrl: string, event: AnalyticsEvent) {
  const url = `${baseUrl}/api/gapi/events`;
  const body = JSON.stringify(event);
  try {
    if (navigator.sendBeacon?.(url, body)) return;
  } catch {
    // a browser that refuses the beacon falls through to fetch
  }
  fetch(url, {
    method: 'POST',
    body,
    keepalive: true,
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
  }).catch(() => undefined);
}

// ---------- the app ----------

interface BannerState {
  menuId: string;
  name: string;
  minutesLeft: number;
  startsAt: string;
  busy: boolean;
  notice: string | null;
}

const menuOf = (view: PublicMenuView): string | null =>
  view.kind === 'menu' || view.kind === 'dish' ? view.menuId : null;

/** A screen of a menu the page has as a card only (compact.ts): its own page draws it. */
const needsPage = (view: PublicMenuView, partial: ReadonlySet<string>): boolean =>
  (view.kind === 'menu' || view.kind === 'dish' || view.kind === 'print') &&
  view.menuId !== null &&
  partial.has(view.menuId);

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function App(props: { initial: PublicMenuPayload; source: string | undefined }) {
  const { baseUrl, mapId } = props.initial;
  const [data, setData] = useState<CustomerMenu>(props.initial.data);
  const [view, setView] = useState<PublicMenuView>(props.initial.view);
  const [filters, setFilters] = useState<DinerFilterState>(props.initial.filters);
  const [banner, setBanner] = useState<BannerState | null>(null);
  const [timer, setTimer] = useState(0);
  const dataRef = useRef(data);
  dataRef.current = data;
  /** Menus the page has as cards only; a fresh customer answer (the banner's switch) has them all. */
  const partial = useRef<ReadonlySet<string>>(new Set(props.initial.partial ?? []));
  /** Where to scroll once the new screen is drawn (null: leave the scroll alone). */
  const scrollTarget = useRef<number | null>(null);
  /** Closing the banner restarts the timer without checking at once (doc 2 §4). */
  const skipFirstCheck = useRef(false);
  const menuId = menuOf(view);

  const show = useCallback((next: PublicMenuView, nextFilters: DinerFilterState | null) => {
    setView(next);
    if (nextFilters) setFilters(nextFilters);
  }, []);

  // Links: a new history entry; the screen changes in place and starts at its top.
  const handleNavigate = useCallback(
    (next: PublicMenuView, href: string) => {
      if (needsPage(next, partial.current)) {
        location.assign(href);
        return;
      }
      history.replaceState({ ...(history.state ?? {}), y: window.scrollY }, '');
      history.pushState({ y: 0 }, '', href);
      const url = new URL(href, location.href);
      const resolved = resolvePage(dataRef.current, url.pathname, url.search);
      show(next, next.kind === 'menu' ? resolved.filters : null);
      scrollTarget.current = 0;
    },
    [show],
  );

  // Back and forward: the screen of the address, at the scroll it was left at.
  useEffect(() => {
    history.scrollRestoration = 'manual';
    const handlePop = (event: PopStateEvent) => {
      const resolved = resolvePage(dataRef.current, location.pathname, location.search);
      if (needsPage(resolved.view, partial.current)) {
        location.reload();
        return;
      }
      show(resolved.view, resolved.filters);
      scrollTarget.current = typeof event.state?.y === 'number' ? event.state.y : 0;
    };
    window.addEventListener('popstate', handlePop);
    return () => window.removeEventListener('popstate', handlePop);
  }, [show]);

  useLayoutEffect(() => {
    document.title = pageTitle(data, view);
    if (scrollTarget.current === null) return;
    const y = scrollTarget.current;
    scrollTarget.current = null;
    if (y === 0) document.getElementById('cm-main')?.focus({ preventScroll: true });
    window.scrollTo(0, y);
  }, [data, view]);

  // The category bar marks the section in view (issue 11 §8): an attribute the stylesheet colours,
  // so nothing moves; the bar scrolls sideways to keep it in sight, never the page.
  useEffect(() => {
    if (view.kind !== 'menu' || typeof IntersectionObserver === 'undefined') return;
    const nav = document.querySelector<HTMLElement>('.cm-catnav');
    if (!nav) return;
    const links = new Map<string, HTMLAnchorElement>();
    for (const link of nav.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')) {
      links.set(decodeURIComponent(link.hash.slice(1)), link);
    }
    const sections = [...links.keys()]
      .map((id) => document.getElementById(id))
      .filter((section): section is HTMLElement => section !== null);
    const inView = new Set<string>();
    let current: HTMLAnchorElement | null = null;
    const mark = () => {
      const id = sections.find((section) => inView.has(section.id))?.id;
      const link = (id && links.get(id)) || null;
      if (link === current) return;
      current?.removeAttribute('aria-current');
      current = link;
      if (!link) return;
      link.setAttribute('aria-current', 'location');
      nav.scrollTo({ left: link.offsetLeft - (nav.clientWidth - link.offsetWidth) / 2, behavior: 'smooth' });
    };
    // The band under the sticky bar, down to 45 % of the screen: the section read now.
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) inView.add(entry.target.id);
          else inView.delete(entry.target.id);
        }
        mark();
      },
      { rootMargin: `-${nav.offsetHeight + 8}px 0px -55% 0px` },
    );
    for (const section of sections) observer.observe(section);
    return () => {
      observer.disconnect();
      current?.removeAttribute('aria-current');
    };
  }, [view]);

  // Filters: applied at once, the address replaced so the filtered menu can be shared.
  const handleFilters = useCallback((next: DinerFilterState, href: string) => {
    setFilters(next);
    history.replaceState(history.state, '', href);
  }, []);

  // A dish page is reported each time it is shown (on load, after a link, back to it again).
  const shownMenu = view.kind === 'dish' ? data.menus.find((menu) => menu._id === view.menuId) : undefined;
  const dishShown =
    view.kind === 'dish' && shownMenu && findDish({ menu: shownMenu }, view.dishId) ? view : null;
  const reportedDish = useRef<string | null>(null);
  useEffect(() => {
    const key = dishShown ? `${dishShown.menuId}/${dishShown.dishId}` : null;
    if (key === reportedDish.current) return;
    reportedDish.current = key;
    if (!dishShown) return;
    report(baseUrl, {
      type: 'dish_view',
      restaurantId: data.restaurant._id,
      menuId: dishShown.menuId,
      dishId: dishShown.dishId,
      ...(props.source ? { source: props.source } : {}),
    });
  });

  // The timeline (doc 2 §4): every 30 s, the next menu within the transition period.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `timer` restarts the interval (closing the banner, doc 2 §4)
  useEffect(() => {
    if (!menuId || !(data.menu_period_transition > 0)) {
      setBanner(null);
      return;
    }
    const check = () => {
      const next = upcomingSwitch(
        data.menusTimeline,
        menuId,
        new Date(),
        data.restaurant.timeZone,
        data.menu_period_transition,
      );
      setBanner((current) => {
        if (current?.busy || current?.notice) return current;
        if (!next) return null;
        const entry = data.menusTimeline.find((menu) => menu._id === next.menuId);
        return {
          menuId: next.menuId,
          name: entry?.name ?? '',
          minutesLeft: next.minutesLeft,
          startsAt: clockTime(next.startsAt, data.restaurant.timeZone),
          busy: false,
          notice: null,
        };
      });
    };
    if (skipFirstCheck.current) skipFirstCheck.current = false;
    else check();
    const interval = window.setInterval(check, TIMELINE_CHECK_MS);
    // A phone waking up checks at once rather than at the next tick.
    const handleVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    document.addEventListener('visibilitychange', handleVisible);
    return () => {
      window.clearInterval(interval);
      document.removeEventListener('visibilitychange', handleVisible);
    };
  }, [data, menuId, timer]);

  const restartTimer = useCallback(() => {
    skipFirstCheck.current = true;
    setTimer((count) => count + 1);
  }, []);

  const handleClose = useCallback(() => {
    setBanner(null);
    restartTimer();
  }, [restartTimer]);

  // Switching refetches the menus and selects the new one after 0.5 s (doc 2 §4, §9).
  const handleSwitch = useCallback(async () => {
    if (!banner || banner.busy) return;
    const target = banner;
    setBanner({ ...target, busy: true });
    const query = new URLSearchParams({
      restaurantId: dataRef.current.restaurant._id,
      menuId: target.menuId,
    });
    if (mapId) query.set('mapId', mapId);
    try {
      const [response] = await Promise.all([
        fetch(`${baseUrl}/api/menus/customer?${query}`, { headers: { accept: 'application/json' } }),
        wait(SWITCH_DELAY_MS),
      ]);
      const body = (await response.json()) as { message?: unknown };
      if (!response.ok || !isCustomerMenu(body.message)) throw new Error(`HTTP ${response.status}`);
      const fresh = body.message;
      partial.current = new Set();
      setData(fresh);
      if (!fresh.menus.some((menu) => menu._id === target.menuId)) {
        setBanner({ ...target, busy: false, notice: texts.notOpenYet(target.name, target.startsAt) });
        return;
      }
      const next: PublicMenuView = { kind: 'menu', menuId: target.menuId };
      history.pushState(
        { y: 0 },
        '',
        viewHref(next, { baseUrl, mapId, restaurantId: fresh.restaurant._id }, filters),
      );
      show(next, null);
      scrollTarget.current = 0;
      setBanner(null);
      restartTimer();
    } catch {
      setBanner({ ...target, busy: false, notice: texts.switchFailed });
    }
  }, [banner, baseUrl, mapId, filters, show, restartTimer]);

  return (
    <PublicMenuApp
      data={data}
      view={view}
      filters={filters}
      baseUrl={baseUrl}
      mapId={mapId}
      onNavigate={handleNavigate}
      onFiltersChange={handleFilters}
      banner={
        banner
          ? {
              minutesLeft: banner.minutesLeft,
              nextMenuName: banner.name,
              startsAt: banner.startsAt,
              busy: banner.busy,
              notice: banner.notice,
              onSwitch: handleSwitch,
              onClose: handleClose,
            }
          : null
      }
    />
  );
}

function start() {
  const root = document.getElementById(MENU_ROOT_ELEMENT_ID);
  const payload = readPayload();
  if (!root || !payload) return;
  document.documentElement.classList.add('cm-js');
  const source = referrerHost();
  hydrateRoot(root, <App initial={payload} source={source} />);
  const view = payload.view;
  report(payload.baseUrl, {
    type: 'page_view',
    restaurantId: payload.data.restaurant._id,
    menuId: view.kind === 'menu' || view.kind === 'dish' || view.kind === 'print' ? view.menuId : null,
    ...(source ? { source } : {}),
  });
}

start();
