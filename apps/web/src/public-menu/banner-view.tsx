/** The expiry banner drawn (menu-view's `ExpiryBanner`): loaded the first time the banner shows. */
import { ExpiryBanner, type ExpiryBannerProps, menuWords, WordsContext } from '@carte/menu-view';
import { createRoot } from 'react-dom/client';

export function bannerRoot(host: HTMLElement, lang?: string | null) {
  const root = createRoot(host);
  // In the page's language (issue 24).
  const words = menuWords(lang ?? null);
  return {
    render: (props: ExpiryBannerProps | null) =>
      root.render(
        props ? (
          <WordsContext.Provider value={words}>
            <ExpiryBanner {...props} />
          </WordsContext.Provider>
        ) : null,
      ),
    unmount: () => root.unmount(),
  };
}
