/**
 * The expiry banner (doc 2 §4) as an island of the server's page: every 30 s (and when the phone
 * wakes) the next menu within the transition period; "Switch to …" asks the server for the menus
 * again and, after 0.5 s, hands the page to the in-place app (app.tsx, loaded then), which draws the
 * next menu even before it is served; closing restarts the timer without checking at once. The
 * timer runs here; the banner's drawing (banner-view.tsx, Preact) is loaded the first time it shows.
 */
import { type CustomerMenu, TIMELINE_CHECK_MS } from '@carte/domain';
import { menuWords } from '@carte/menu-view';
import { type Offer, offerAt } from './page-parts.ts';

export interface BannerOptions {
  /** Where the banner is drawn: inside the page's `.cm` box, whose colours it takes. */
  host: HTMLElement;
  data: CustomerMenu;
  /** The menu shown (its page or one of its dishes). */
  menuId: string;
  /**
   * The switch: resolves to true when the next menu is shown (the banner is then gone), false when
   * it is not served yet (the banner says so); rejects when the server could not answer.
   */
  onSwitch: (offer: Offer) => Promise<boolean>;
}

export function startBanner(options: BannerOptions): void {
  const { data, menuId } = options;
  if (!(data.menu_period_transition > 0)) return;
  let view: ReturnType<typeof import('./banner-view.tsx').bannerRoot> | null = null;
  let _loading: Promise<unknown> | null = null;
  let offer: Offer | null = null;
  let busy = false;
  let notice: string | null = null;
  let interval = 0;

  const draw = () => {
    const props = offer
      ? {
          minutesLeft: offer.minutesLeft,
          nextMenuName: offer.name,
          startsAt: offer.startsAt,
          busy,
          notice,
          onSwitch: handleSwitch,
          onClose: handleClose,
        }
      : null;
    if (view) view.render(props);
    else if (props)
      _loading ??= import('./banner-view.tsx').then(({ bannerRoot }) => {
        view = bannerRoot(options.host, options.data.language?.served ?? null);
        draw();
      });
  };

  const check = () => {
    if (busy || notice) return;
    offer = offerAt(data, menuId, new Date());
    draw();
  };
  const restart = () => {
    window.clearInterval(interval);
    interval = window.setInterval(check, TIMELINE_CHECK_MS);
  };
  const stop = () => {
    window.clearInterval(interval);
    document.removeEventListener('visibilitychange', handleVisible);
  };

  function handleClose() {
    offer = null;
    busy = false;
    notice = null;
    draw();
    restart();
  }

  async function handleSwitch() {
    if (!offer || busy) return;
    const target = offer;
    busy = true;
    draw();
    try {
      if (await options.onSwitch(target)) {
        stop();
        view?.unmount();
        options.host.remove();
        return;
      }
      notice = menuWords(options.data.language?.served ?? null).notOpenYet(target.name, target.startsAt);
    } catch {
      notice = menuWords(options.data.language?.served ?? null).switchFailed;
    }
    busy = false;
    draw();
  }

  // A phone waking up checks at once rather than at the next tick.
  function handleVisible() {
    if (document.visibilityState === 'visible') check();
  }

  check();
  restart();
  document.addEventListener('visibilitychange', handleVisible);
}
