/** The expiry banner drawn (menu-view's `ExpiryBanner`): loaded the first time the banner shows. */
import { ExpiryBanner, type ExpiryBannerProps } from '@carte/menu-view';
import { createRoot } from 'react-dom/client';

export function bannerRoot(host: HTMLElement) {
  const root = createRoot(host);
  return {
    render: (props: ExpiryBannerProps | null) => root.render(props ? <ExpiryBanner {...props} /> : null),
    unmount: () => root.unmount(),
  };
}
