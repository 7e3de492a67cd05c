/**
 * What the public menu's scripts read from the page and send to the server: the page's data, the
 * analytics reports (first party, no cookies) and the customer answer the banner's switch asks for.
 */
import { type AnalyticsEvent, type CustomerMenu, emptyFilterState, SWITCH_DELAY_MS } from '@carte/domain';
import { MENU_DATA_ELEMENT_ID, type PublicMenuPayload, resolvePage } from '@carte/menu-view';

export const isCustomerMenu = (value: unknown): value is CustomerMenu =>
  typeof value === 'object' &&
  value !== null &&
  'restaurant' in value &&
  'menus' in value &&
  Array.isArray((value as CustomerMenu).menus);

/**
 * The server embeds a `PublicMenuPayload`, or a bare `CustomerMenu` read with the URL. Dish
 * descriptions left out of it (`descriptionsInPage`) stay in the markup: the in-place app reads
 * them back only if it ever draws this data (it draws the switch's fresh answer instead).
 */
export function readPayload(): PublicMenuPayload | null {
  const text = document.getElementById(MENU_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  const parsed: unknown = JSON.parse(text);
  if (isCustomerMenu(parsed)) {
    const page = resolvePage(parsed, location.pathname, location.search);
    return { data: parsed, view: page.view, filters: page.filters, mapId: page.mapId, baseUrl: '' };
  }
  const payload = parsed as Partial<PublicMenuPayload>;
  if (!payload.view || !isCustomerMenu(payload.data)) return null;
  return {
    data: payload.data,
    view: payload.view,
    filters: { ...emptyFilterState(), ...payload.filters },
    mapId: payload.mapId ?? null,
    baseUrl: payload.baseUrl ?? '',
    partial: payload.partial ?? [],
  };
}

/** Where the diner came from: the referrer's host, unless it is this site itself. */
export function referrerHost(): string | undefined {
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
export function report(baseUrl: string, event: AnalyticsEvent) {
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

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The banner's switch (doc 2 §4, §9): the menus again, with the next one included when it opens
 * within the transition period, shown after 0.5 s. Throws when the server could not answer.
 */
export async function fetchForSwitch(options: {
  baseUrl: string;
  restaurantId: string;
  menuId: string;
  mapId: string | null;
  /** The language the page is in (issue 24): the switched menu comes in it too. */
  lang?: string | null | undefined;
}): Promise<CustomerMenu> {
  const query = new URLSearchParams({ restaurantId: options.restaurantId, menuId: options.menuId });
  if (options.mapId) query.set('mapId', options.mapId);
  if (options.lang) query.set('lang', options.lang);
  const [response] = await Promise.all([
    fetch(`${options.baseUrl}/api/menus/customer?${query}`, { headers: { accept: 'application/json' } }),
    wait(SWITCH_DELAY_MS),
  ]);
  const body = (await response.json()) as { message?: unknown };
  if (!response.ok || !isCustomerMenu(body.message)) throw new Error(`HTTP ${response.status}`);
  return body.message;
}
