/** @jsxRuntime automatic @jsxImportSource react */
import { menuSchedule, nextOpening, type PublicMenu, sortDishes } from '@carte/domain';
import { dayAndTime } from './format.ts';
import { MenuFooter } from './menu-footer.tsx';
import type { Page } from './page.ts';
import { About, coverOf, Logo, logoOf, Picture, Price, RichText, ViewLink } from './parts.tsx';
import { texts } from './texts.ts';

function RestaurantHeader(props: { page: Page; showDescription?: boolean }) {
  const { page } = props;
  const restaurant = page.data.restaurant;
  const Header = page.embedded ? 'div' : 'header';
  return (
    <Header className="cm-head cm-head--plain">
      <div className="cm-head-inner">
        <Logo image={logoOf(null, restaurant)} name={restaurant.name} className="cm-logo" />
        <h1 className="cm-title">{restaurant.name}</h1>
        {props.showDescription ? <About restaurant={restaurant} className="cm-lede" /> : null}
      </div>
    </Header>
  );
}

/** Several menus and none chosen (doc 2 §2): logo, description, "Choose a menu:", a card per menu. */
export function ChooserScreen(props: { page: Page; notice?: string }) {
  const { page } = props;
  const Main = page.embedded ? 'div' : 'main';
  const parent = page.data.parentRestaurant;
  return (
    <>
      <RestaurantHeader page={page} showDescription />
      <Main id="cm-main" className="cm-main" tabIndex={-1}>
        {props.notice ? <p className="cm-notice">{props.notice}</p> : null}
        <h2 className="cm-choose">{texts.chooseMenu}</h2>
        <ul className="cm-menu-cards">
          {page.data.menus.map((menu, index) => (
            <li key={menu._id}>
              <ViewLink page={page} to={{ kind: 'menu', menuId: menu._id }} className="cm-menu-card">
                {menu.cover ? (
                  <Picture
                    src={coverOf(menu)?.card ?? menu.cover}
                    sizes="(min-width: 720px) 460px, 100vw"
                    srcSet={`${coverOf(menu)?.card ?? menu.cover} 900w`}
                    width={900}
                    height={338}
                    alt=""
                    priority={index === 0 ? 'high' : index < 3 ? 'eager' : 'lazy'}
                    className="cm-menu-cover"
                  />
                ) : (
                  <span
                    className="cm-menu-cover cm-menu-ph"
                    aria-hidden="true"
                    style={{
                      background: `linear-gradient(135deg, ${menu.colors.primary}, ${menu.colors.secondary})`,
                    }}
                  />
                )}
                <span className="cm-menu-name">{menu.name}</span>
                {menu.fromParent && parent ? <span className="cm-menu-from">{parent.name}</span> : null}
              </ViewLink>
            </li>
          ))}
        </ul>
      </Main>
      <MenuFooter page={page} menu={null} showAbout={false} />
    </>
  );
}

/**
 * No menu to show. Without any published menu: doc 2 §2's page with a link that asks the owner to
 * publish. With published menus that are all closed now: when each opens next (from the server's
 * `generatedAt`, so the server and the client draw the same).
 */
export function EmptyScreen(props: { page: Page }) {
  const { page } = props;
  const { data } = page;
  const Main = page.embedded ? 'div' : 'main';
  const Header = page.embedded ? 'div' : 'header';
  const restaurant = data.restaurant;
  const email = data.user?.email;
  const now = new Date(data.generatedAt);
  const upcoming = data.menuNotFound
    ? []
    : data.menusTimeline
        .map((entry) => {
          const at = Number.isNaN(now.getTime())
            ? null
            : nextOpening(menuSchedule(entry), now, restaurant.timeZone);
          return { entry, at };
        })
        .filter((item): item is { entry: (typeof data.menusTimeline)[number]; at: Date } => item.at !== null)
        .sort((a, b) => a.at.getTime() - b.at.getTime());
  const mailto = email
    ? `mailto:${email}?subject=${encodeURIComponent(texts.notifySubject)}&body=${encodeURIComponent(texts.notifyBody)}`
    : null;
  return (
    <>
      <Header className="cm-head cm-head--plain">
        <div className="cm-head-inner">
          <Logo image={logoOf(null, restaurant)} name={restaurant.name} className="cm-logo" />
          <p className="cm-eyebrow">{restaurant.name}</p>
        </div>
      </Header>
      <Main id="cm-main" className="cm-main cm-empty" tabIndex={-1}>
        {data.menuNotFound || upcoming.length === 0 ? (
          <>
            <h1 className="cm-title">{texts.noPublishedMenus}</h1>
            <p className="cm-lede">{texts.askToPublish}</p>
            {mailto ? (
              <p>
                <a className="cm-button" href={mailto}>
                  {texts.notifyOwner}
                </a>
              </p>
            ) : null}
          </>
        ) : (
          <>
            <h1 className="cm-title">{texts.noMenuNow}</h1>
            <ul className="cm-upcoming">
              {upcoming.map(({ entry, at }) => (
                <li key={entry._id}>{texts.opensAt(entry.name, dayAndTime(at, restaurant.timeZone))}</li>
              ))}
            </ul>
          </>
        )}
      </Main>
      {/* The page's own "Let the owner know" link stands in for the issue-report block. */}
      <MenuFooter page={page} menu={null} showReport={false} />
    </>
  );
}

/** A menu that is not served now (closed, unpublished, a stale link): say so, then offer the others. */
export function MenuNotFoundScreen(props: { page: Page }) {
  if (props.page.data.menus.length === 0) return <EmptyScreen page={props.page} />;
  return <ChooserScreen page={props.page} notice={texts.menuNotFound} />;
}

const printWindow = () => window.print();

/** The printable menu (doc 2 §2): name, description, logo, categories with dishes (name, description, price). */
export function PrintScreen(props: { page: Page; menuId: string | null }) {
  const { page } = props;
  const restaurant = page.data.restaurant;
  const menu: PublicMenu | undefined = page.data.menus.find((entry) => entry._id === props.menuId);
  const Main = page.embedded ? 'div' : 'main';
  if (!menu) {
    return (
      <Main id="cm-main" className="cm-main cm-print" tabIndex={-1}>
        <p className="cm-eyebrow">{restaurant.name}</p>
        <h1 className="cm-title">{texts.selectMenuToPrint}</h1>
        <ul className="cm-print-choices">
          {page.data.menus.map((entry) => (
            <li key={entry._id}>
              <ViewLink page={page} to={{ kind: 'print', menuId: entry._id }}>
                {entry.name}
              </ViewLink>
            </li>
          ))}
        </ul>
      </Main>
    );
  }
  return (
    <Main id="cm-main" className="cm-main cm-print" tabIndex={-1}>
      <div className="cm-print-actions">
        <ViewLink page={page} to={{ kind: 'menu', menuId: menu._id }} className="cm-back">
          {texts.backToMenu(menu.name)}
        </ViewLink>
        <button type="button" className="cm-button cm-js-only" onClick={printWindow}>
          {texts.print}
        </button>
      </div>
      <div className="cm-print-head">
        <Logo image={logoOf(menu, restaurant)} name={restaurant.name} className="cm-logo" />
        <p className="cm-eyebrow">{restaurant.name}</p>
        <h1 className="cm-title">{menu.name}</h1>
        {menu.description.trim() ? <p className="cm-lede">{menu.description}</p> : null}
      </div>
      {menu.categories
        .filter((category) => category.dishes.length > 0)
        .map((category) => (
          <section key={category._id} className="cm-print-section" aria-labelledby={`p-${category._id}`}>
            <h2 id={`p-${category._id}`} className="cm-h2">
              {category.name}
            </h2>
            <ul className="cm-print-list">
              {sortDishes(category.dishes, null).map((dish) => (
                <li key={dish._id}>
                  <div className="cm-print-row">
                    <h3 className="cm-name">{dish.name}</h3>
                    <span className="cm-leader" aria-hidden="true" />
                    <Price value={dish.price} />
                  </div>
                  <RichText html={dish.description} className="cm-desc" />
                </li>
              ))}
            </ul>
          </section>
        ))}
    </Main>
  );
}
