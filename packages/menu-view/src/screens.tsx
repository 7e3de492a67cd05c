/** @jsxRuntime automatic @jsxImportSource react */

import { menuSchedule, nextOpening, type PublicMenu, sortDishes } from '@carte/domain';
import type { ReactNode } from 'react';
import { dayAndTime, servedDays, servedHours } from './format.ts';
import { MenuFooter } from './menu-footer.tsx';
import type { Page } from './page.ts';
import {
  About,
  Allergens,
  coverOf,
  DishMeta,
  LabellingNotes,
  Logo,
  logoOf,
  Picture,
  Price,
  RichText,
  ViewLink,
} from './parts.tsx';
import { neutralTheme } from './theme.ts';
import { useWords } from './words-context.ts';

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
export function ChooserScreen(props: { page: Page; notice?: ReactNode }) {
  const words = useWords();
  const { page } = props;
  const Main = page.embedded ? 'div' : 'main';
  const parent = page.data.parentRestaurant;
  return (
    <>
      <RestaurantHeader page={page} showDescription />
      <Main id="cm-main" className="cm-main" tabIndex={-1}>
        {props.notice ? <div className="cm-notice">{props.notice}</div> : null}
        <h2 className="cm-choose">{words.chooseMenu}</h2>
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
export function EmptyScreen(props: { page: Page; notice?: ReactNode }) {
  const words = useWords();
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
    ? `mailto:${email}?subject=${encodeURIComponent(words.notifySubject)}&body=${encodeURIComponent(words.notifyBody)}`
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
        {props.notice ? <div className="cm-notice">{props.notice}</div> : null}
        {data.menuNotFound || upcoming.length === 0 ? (
          <>
            <h1 className="cm-title">{words.noPublishedMenus}</h1>
            <p className="cm-lede">{words.askToPublish}</p>
            {mailto ? (
              <p>
                <a className="cm-button" href={mailto}>
                  {words.notifyOwner}
                </a>
              </p>
            ) : null}
          </>
        ) : (
          <>
            <h1 className="cm-title">{words.noMenuNow}</h1>
            <ul className="cm-upcoming">
              {upcoming.map(({ entry, at }) => (
                <li key={entry._id}>{words.opensAt(entry.name, dayAndTime(at, restaurant.timeZone))}</li>
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

/**
 * A menu that is not served now. A published menu that is closed says when it is served ("Lunch is
 * served 11:00–16:00, Monday to Friday.") and when it opens next, then offers what is open now;
 * an unknown one (unpublished, a stale link) says "No menu found" and offers the same.
 */
export function MenuNotFoundScreen(props: { page: Page; menuId: string }) {
  const words = useWords();
  const { page } = props;
  const { data } = page;
  const entry = data.menusTimeline.find((item) => item._id === props.menuId);
  let notice: ReactNode = <p>{words.menuNotFound}</p>;
  if (entry) {
    const now = new Date(data.generatedAt);
    const next = Number.isNaN(now.getTime())
      ? null
      : nextOpening(menuSchedule(entry), now, data.restaurant.timeZone);
    notice = (
      <>
        <p className="cm-notice-title">
          {words.servedWhen(entry.name, servedHours(entry), servedDays(entry.valid))}
        </p>
        {next ? <p>{words.servedNext(dayAndTime(next, data.restaurant.timeZone))}</p> : null}
        <p>{data.menus.length > 0 ? words.openNow : words.nothingOpenNow}</p>
      </>
    );
  }
  if (data.menus.length === 0) return <EmptyScreen page={page} notice={notice} />;
  return <ChooserScreen page={page} notice={notice} />;
}

/**
 * The page of an address that leads to no restaurant (a QR code that outlived its restaurant, a
 * mistyped link): "No menu found" (doc 2 §8) in the menu's own look, with what a diner can do.
 */
export function DeadLinkPage() {
  const words = useWords();
  return (
    <div className="cm cm--classic cm-view-empty" style={neutralTheme}>
      <main id="cm-main" className="cm-main cm-empty cm-dead" tabIndex={-1}>
        <svg className="cm-dead-mark" viewBox="0 0 48 48" width="64" height="64" aria-hidden="true">
          <path
            d="M10 6h22l8 8v28H10z M32 6v8h8 M17 22h16 M17 29h16 M17 36h10"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinejoin="round"
          />
        </svg>
        <h1 className="cm-title">{words.menuNotFound}</h1>
        <p className="cm-lede">{words.deadLinkLede}</p>
        <p className="cm-lede">{words.deadLinkHint}</p>
      </main>
      <footer className="cm-footer">
        <p className="cm-footnote">{words.poweredBy}</p>
      </footer>
    </div>
  );
}

const printWindow = () => window.print();

/** The printable menu (doc 2 §2): name, description, logo, categories with dishes (name, description, price). */
export function PrintScreen(props: { page: Page; menuId: string | null }) {
  const words = useWords();
  const { page } = props;
  const restaurant = page.data.restaurant;
  const menu: PublicMenu | undefined = page.data.menus.find((entry) => entry._id === props.menuId);
  const Main = page.embedded ? 'div' : 'main';
  if (!menu) {
    return (
      <Main id="cm-main" className="cm-main cm-print" tabIndex={-1}>
        <p className="cm-eyebrow">{restaurant.name}</p>
        <h1 className="cm-title">{words.selectMenuToPrint}</h1>
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
          {words.backToMenu(menu.name)}
        </ViewLink>
        <button type="button" className="cm-button cm-js-only" onClick={printWindow}>
          {words.print}
        </button>
      </div>
      <div className="cm-print-head">
        <Logo image={logoOf(menu, restaurant)} name={restaurant.name} className="cm-logo" />
        <p className="cm-eyebrow">{restaurant.name}</p>
        <h1 className="cm-title">{menu.name}</h1>
        {menu.description.trim() ? <p className="cm-lede">{menu.description}</p> : null}
        <LabellingNotes restaurant={restaurant} />
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
                  <DishMeta menu={menu} dish={dish} labelling={restaurant.labelling} />
                  <Allergens menu={menu} restaurant={restaurant} dish={dish} />
                </li>
              ))}
            </ul>
          </section>
        ))}
    </Main>
  );
}
