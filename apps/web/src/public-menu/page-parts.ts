/** Pieces of the page both the enhancing script (main.ts) and the in-place app (app.tsx) run. */
import { type CustomerMenu, upcomingSwitch } from '@carte/domain';
import { clockTime } from '@carte/menu-view';

/** What the expiry banner offers (doc 2 §4): the next menu within the transition period. */
export interface Offer {
  menuId: string;
  name: string;
  minutesLeft: number;
  /** "HH:mm" on the restaurant's clock. */
  startsAt: string;
}

export function offerAt(data: CustomerMenu, menuId: string, now: Date): Offer | null {
  const next = upcomingSwitch(
    data.menusTimeline,
    menuId,
    now,
    data.restaurant.timeZone,
    data.menu_period_transition,
  );
  if (!next) return null;
  const entry = data.menusTimeline.find((menu) => menu._id === next.menuId);
  return {
    menuId: next.menuId,
    name: entry?.name ?? '',
    minutesLeft: next.minutesLeft,
    startsAt: clockTime(next.startsAt, data.restaurant.timeZone),
  };
}

/**
 * The category bar marks the section in view (issue 11 §8): an attribute the stylesheet colours,
 * so nothing moves; the bar scrolls sideways to keep it in sight, never the page. Returns the stop.
 */
export function markSectionInView(): () => void {
  const nav = document.querySelector<HTMLElement>('.cm-catnav');
  if (!nav || typeof IntersectionObserver === 'undefined') return () => undefined;
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
}
