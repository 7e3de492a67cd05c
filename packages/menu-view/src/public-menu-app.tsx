/** @jsxRuntime automatic @jsxImportSource react */
import { type CSSProperties, type ReactNode, useMemo } from 'react';
import { DishScreen } from './dish-screen.tsx';
import { ExpiryBanner } from './expiry-banner.tsx';
import { effectiveFilters, filterChoices } from './filtering.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { MenuScreen } from './menu-screen.tsx';
import type { MenuPage, Page } from './page.ts';
import { cx } from './parts.tsx';
import { ChooserScreen, EmptyScreen, MenuNotFoundScreen, PrintScreen } from './screens.tsx';
import { menuWords, withLabels } from './texts.ts';
import { neutralTheme, resolveTheme, type TemplateKind } from './theme.ts';
import type { PublicMenuAppProps } from './types.ts';
import { linkLanguage } from './urls.ts';
import { WordsContext } from './words-context.ts';

/**
 * The public menu (doc 2 §2–§4). Pure: the same props draw the same markup on the server
 * (renderToString) and in the browser (hydration), so nothing here reads the clock, the URL or
 * storage; the hydration script owns those and passes the results in.
 */
interface Screen {
  page: Page;
  content: ReactNode;
  kind: TemplateKind;
  style: CSSProperties;
}

function drawScreen(props: PublicMenuAppProps, embedded: boolean): Screen {
  const { data, view } = props;
  const page: Page = {
    data,
    links: {
      baseUrl: props.baseUrl,
      restaurantId: data.restaurant._id,
      mapId: props.mapId ?? null,
      lang: linkLanguage(data),
    },
    filters: props.filters,
    onNavigate: props.onNavigate,
    onFiltersChange: props.onFiltersChange,
    embedded,
    view,
  };
  if (view.kind === 'menu' || view.kind === 'dish') {
    const menu = data.menus.find((entry) => entry._id === view.menuId);
    if (!menu)
      return {
        page,
        content: <MenuNotFoundScreen page={page} menuId={view.menuId} />,
        kind: 'classic',
        style: neutralTheme,
      };
    const theme = resolveTheme(menu);
    const choices = filterChoices(data.restaurant, menu);
    const menuPage: MenuPage = {
      ...page,
      menu,
      theme,
      choices,
      filters: effectiveFilters(page.filters, choices),
    };
    return {
      page: menuPage,
      content:
        view.kind === 'menu' ? (
          <MenuScreen page={menuPage} />
        ) : (
          <DishScreen page={menuPage} dishId={view.dishId} />
        ),
      kind: theme.template.kind,
      style: theme.style,
    };
  }
  let content: ReactNode;
  if (view.kind === 'print') content = <PrintScreen page={page} menuId={view.menuId} />;
  else if (view.kind === 'chooser' && data.menus.length > 0) content = <ChooserScreen page={page} />;
  else content = <EmptyScreen page={page} />;
  return { page, content, kind: 'classic', style: neutralTheme };
}

export function PublicMenuApp(props: PublicMenuAppProps) {
  const { data, view, filters, baseUrl, mapId, onNavigate, onFiltersChange, embedded = false } = props;
  // The banner changes every 30 s; the menu under it is drawn again only when its own props change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: drawScreen reads exactly these props
  const { content, kind, style, page } = useMemo(
    () => drawScreen(props, embedded),
    [data, view, filters, baseUrl, mapId, onNavigate, onFiltersChange, embedded],
  );
  // The page's own words in the language served (issue 24).
  const words = useMemo(
    () => withLabels(menuWords(data.language?.served ?? null), data.language?.labels),
    [data.language?.served, data.language?.labels],
  );

  return (
    <WordsContext.Provider value={words}>
      <div
        className={cx('cm', `cm--${kind}`, `cm-view-${view.kind}`, embedded && 'cm--embedded')}
        style={style}
      >
        {embedded ? null : (
          <a className="cm-skip" href="#cm-main">
            {words.skipToMenu}
          </a>
        )}
        {embedded ? null : <LanguageSwitch page={page} />}
        {content}
        {props.banner && !embedded ? <ExpiryBanner {...props.banner} /> : null}
      </div>
    </WordsContext.Provider>
  );
}
