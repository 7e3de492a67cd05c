/**
 * The public menu drawn whole in the browser (preact/compat standing in for React, as in the rest of
 * the bundle): in-place navigation, filters, the banner, the view reports. Only after the expiry
 * banner's switch (`mountSwitchedMenu`); every page load is enhanced by main.ts instead (issue 21).
 */
import { type CustomerMenu, type DinerFilterState, TIMELINE_CHECK_MS } from '@carte/domain';
import {
  findDish,
  menuWords,
  PublicMenuApp,
  type PublicMenuPayload,
  type PublicMenuView,
  pageTitle,
  resolvePage,
  viewHref,
} from '@carte/menu-view';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { fetchForSwitch, report } from './page-io.ts';
import { markSectionInView, offerAt } from './page-parts.ts';
import { needsPage } from './views.ts';

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

interface AppProps {
  initial: PublicMenuPayload;
  source: string | undefined;
  /** Drawn after the banner's switch: the screen starts at its top, the banner's timer restarts. */
  switched?: boolean;
}

function App(props: AppProps) {
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
  const scrollTarget = useRef<number | null>(props.switched ? 0 : null);
  /** Closing the banner (or switching) restarts the timer without checking at once (doc 2 §4). */
  const skipFirstCheck = useRef(props.switched === true);
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

  // The category bar marks the section in view (issue 11 §8).
  useEffect(() => (view.kind === 'menu' ? markSectionInView() : undefined), [view]);

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
      const next = offerAt(data, menuId, new Date());
      setBanner((current) => {
        if (current?.busy || current?.notice) return current;
        if (!next) return null;
        return {
          ...next,
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
    try {
      const fresh = await fetchForSwitch({
        baseUrl,
        restaurantId: dataRef.current.restaurant._id,
        menuId: target.menuId,
        mapId,
        lang: dataRef.current.language?.served ?? null,
      });
      partial.current = new Set();
      setData(fresh);
      if (!fresh.menus.some((menu) => menu._id === target.menuId)) {
        setBanner({
          ...target,
          busy: false,
          notice: menuWords(fresh.language?.served ?? null).notOpenYet(target.name, target.startsAt),
        });
        return;
      }
      const next: PublicMenuView = { kind: 'menu', menuId: target.menuId };
      history.pushState(
        { y: 0 },
        '',
        viewHref(
          next,
          { baseUrl, mapId, restaurantId: fresh.restaurant._id, lang: fresh.language?.served ?? null },
          filters,
        ),
      );
      show(next, null);
      scrollTarget.current = 0;
      setBanner(null);
      restartTimer();
    } catch {
      setBanner({
        ...target,
        busy: false,
        notice: menuWords(dataRef.current.language?.served ?? null).switchFailed,
      });
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

/**
 * The whole menu drawn by the browser, in place of the server's markup: after the expiry banner's
 * switch (doc 2 §4), whose next menu may not be served yet, so no page of the server draws it. Loaded
 * then only (a chunk of its own): the page's script (main.ts) enhances the server's markup instead.
 */
export function mountSwitchedMenu(root: HTMLElement, initial: PublicMenuPayload, source: string | undefined) {
  root.textContent = '';
  createRoot(root).render(<App initial={initial} source={source} switched />);
}
