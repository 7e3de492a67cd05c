/**
 * The public menu's script (DESIGN "the two paths that matter"; issue 21, partial hydration). The
 * server's page is complete without it and stays as drawn: every link is an ordinary link to a page
 * the server holds ready. The script takes over only what needs it, in place, on the server's markup:
 * - the filters apply as they change (dishes greyed and sorted, the count, the status line, the
 *   dish links and the address carrying them, "Clear filters" without a reload; filter-view.ts);
 * - the category bar marks the section in view;
 * - the expiry banner and its switch (banner.ts, then app.tsx for the switched menu);
 * - the printable menu's Print button;
 * - the view reports (analytics), counted as when screens were drawn in place (views.ts).
 * It never draws the page again, so a slow phone has no tree to hydrate.
 */
import { type DinerFilterState, emptyFilterState } from '@carte/domain';
import {
  categoryAnchor,
  findDish,
  MENU_ROOT_ELEMENT_ID,
  menuWords,
  type PublicMenuPayload,
  type PublicMenuView,
  readFilterForm,
  viewHref,
} from '@carte/menu-view';
import { startBanner } from './banner.ts';
import { type FilteredMenu, filteredMenu } from './filter-view.ts';
import { fetchForSwitch, readPayload, referrerHost, report } from './page-io.ts';
import { markSectionInView } from './page-parts.ts';
import { reportsPageView, wasInPlace } from './views.ts';

const IN_PLACE_KEY = 'carte.inPlace';

/** sessionStorage, which a sandboxed frame or a strict browser may refuse. */
const session = {
  read(key: string): string | null {
    try {
      const value = sessionStorage.getItem(key);
      sessionStorage.removeItem(key);
      return value;
    } catch {
      return null;
    }
  },
  write(key: string, value: string) {
    try {
      sessionStorage.setItem(key, value);
    } catch {
      // the next page then counts as a page view
    }
  },
};

const menuOf = (view: PublicMenuView): string | null =>
  view.kind === 'menu' || view.kind === 'dish' || view.kind === 'print' ? view.menuId : null;

// ---------- analytics ----------

function startReports(payload: PublicMenuPayload, root: HTMLElement, source: string | undefined) {
  const { data, view, baseUrl } = payload;
  const partial = new Set(payload.partial ?? []);
  const restaurantId = data.restaurant._id;
  const from = source ? { source } : {};
  const navigation = performance.getEntriesByType?.('navigation')[0] as
    | PerformanceNavigationTiming
    | undefined;
  const inPlaceHref = session.read(IN_PLACE_KEY);
  if (reportsPageView({ navigationType: navigation?.type, inPlaceHref, href: location.href })) {
    report(baseUrl, { type: 'page_view', restaurantId, menuId: menuOf(view), ...from });
  }
  // A dish page is reported each time it is shown: loaded, or back to it from the history's cache.
  const menu = view.kind === 'dish' ? data.menus.find((entry) => entry._id === view.menuId) : undefined;
  const reportDish = () => {
    if (view.kind === 'dish' && menu && findDish({ menu }, view.dishId)) {
      report(baseUrl, { type: 'dish_view', restaurantId, menuId: view.menuId, dishId: view.dishId, ...from });
    }
  };
  reportDish();
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) reportDish();
  });
  // The links the script used to follow in place: their page is no new page view.
  root.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey) return;
    if (event.shiftKey || event.altKey || (link.target && link.target !== '_self')) return;
    const url = new URL(link.href, location.href);
    if (wasInPlace(data, partial, url, location)) session.write(IN_PLACE_KEY, url.href);
  });
}

// ---------- filters ----------

function writeFilters(root: HTMLElement, form: HTMLFormElement, result: FilteredMenu) {
  for (const category of result.categories) {
    const section = document.getElementById(categoryAnchor(category.id));
    const list = section?.querySelector('ul');
    if (!section || !list) continue;
    const items = new Map<string, HTMLElement>();
    for (const item of list.querySelectorAll<HTMLElement>(':scope > li[data-dish]')) {
      items.set(item.dataset.dish ?? '', item);
    }
    const ordered: HTMLElement[] = [];
    for (const dish of category.dishes) {
      const item = items.get(dish.id);
      if (!item) continue;
      ordered.push(item);
      item.classList.toggle('is-greyed', dish.greyed);
      if (dish.greyed) item.setAttribute('aria-disabled', 'true');
      else item.removeAttribute('aria-disabled');
      let why = item.querySelector<HTMLElement>(':scope > .cm-why');
      if (dish.note && !why) {
        why = document.createElement('p');
        why.className = 'cm-why';
        item.append(why);
      }
      if (why && dish.note) why.textContent = dish.note;
      else why?.remove();
      item.querySelector<HTMLAnchorElement>('a.cm-stretch')?.setAttribute('href', dish.href);
    }
    const current = [...list.children];
    if (ordered.some((item, index) => current[index] !== item)) list.append(...ordered);
  }
  // The panel: the count on its summary, "Clear filters", the status line.
  const summary = root.querySelector('.cm-filters > summary');
  let count = summary?.querySelector('.cm-count');
  if (result.count > 0 && summary && !count) {
    count = document.createElement('span');
    count.className = 'cm-count';
    summary.append(count);
  }
  if (count && result.count > 0) count.textContent = String(result.count);
  else count?.remove();
  const actions = form.querySelector('.cm-filter-actions');
  let clear = actions?.querySelector<HTMLAnchorElement>('a.cm-clear');
  if (result.count > 0 && actions && !clear) {
    clear = document.createElement('a');
    clear.className = 'cm-clear';
    clear.textContent = menuWords(document.documentElement.lang || null).clearFilters;
    actions.append(clear);
  }
  if (clear && result.count > 0) clear.href = result.clearHref;
  else clear?.remove();
  const status = root.querySelector('.cm-status');
  if (status) status.textContent = result.status ?? '';
}

function startFilters(payload: PublicMenuPayload, root: HTMLElement, menuId: string) {
  const form = root.querySelector<HTMLFormElement>('form.cm-filter-form');
  if (!form) return;
  const links = {
    baseUrl: payload.baseUrl,
    restaurantId: payload.data.restaurant._id,
    mapId: payload.mapId,
    lang: payload.data.language?.served ?? null,
  };
  const apply = (wanted: DinerFilterState) => {
    const result = filteredMenu(payload.data, menuId, links, wanted);
    if (!result) return;
    writeFilters(root, form, result);
    filters.current = result.filters;
    history.replaceState(history.state, '', result.href);
  };
  form.addEventListener('change', () => apply(readFilterForm(form)));
  // The choices already apply as they change: "Apply" only folds the panel away.
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const details = form.closest('details');
    if (details) details.open = false;
  });
  form.addEventListener('click', (event) => {
    const clear = (event.target as Element | null)?.closest?.('a.cm-clear');
    if (!clear || event.defaultPrevented || event.button !== 0) return;
    event.preventDefault();
    for (const input of form.querySelectorAll<HTMLInputElement>('input[type="checkbox"]'))
      input.checked = false;
    const sort = form.querySelector<HTMLSelectElement>('select[name="sort"]');
    if (sort) sort.value = '';
    apply(readFilterForm(form));
  });
}

/** The diner's filters now: the page's, then as the panel changes them. */
const filters: { current: DinerFilterState } = {
  current: emptyFilterState(),
};

// ---------- the banner ----------

function startTimeline(payload: PublicMenuPayload, root: HTMLElement, menuId: string, source?: string) {
  const box = root.querySelector<HTMLElement>(':scope > .cm');
  if (!box || !(payload.data.menu_period_transition > 0)) return;
  const host = document.createElement('div');
  box.append(host);
  const { baseUrl, mapId, data } = payload;
  startBanner({
    host,
    data,
    menuId,
    async onSwitch(offer) {
      const [fresh, { mountSwitchedMenu }] = await Promise.all([
        fetchForSwitch({
          baseUrl,
          restaurantId: data.restaurant._id,
          menuId: offer.menuId,
          mapId,
          lang: data.language?.served ?? null,
        }),
        import('./app.tsx'),
      ]);
      if (!fresh.menus.some((menu) => menu._id === offer.menuId)) return false;
      const view: PublicMenuView = { kind: 'menu', menuId: offer.menuId };
      const links = {
        baseUrl,
        mapId,
        restaurantId: fresh.restaurant._id,
        lang: fresh.language?.served ?? null,
      };
      history.pushState({ y: 0 }, '', viewHref(view, links, filters.current));
      mountSwitchedMenu(
        root,
        { data: fresh, view, filters: filters.current, baseUrl, mapId, partial: [] },
        source,
      );
      return true;
    },
  });
}

// ---------- the page ----------

function start() {
  const root = document.getElementById(MENU_ROOT_ELEMENT_ID);
  const payload = readPayload();
  if (!root || !payload) return;
  document.documentElement.classList.add('cm-js');
  const source = referrerHost();
  filters.current = payload.filters;
  const { view } = payload;
  startReports(payload, root, source);
  if (view.kind === 'menu') {
    startFilters(payload, root, view.menuId);
    markSectionInView();
  }
  if (view.kind === 'menu' || view.kind === 'dish') startTimeline(payload, root, view.menuId, source);
  for (const button of root.querySelectorAll<HTMLButtonElement>('.cm-print-actions .cm-js-only')) {
    button.addEventListener('click', () => window.print());
  }
}

start();
