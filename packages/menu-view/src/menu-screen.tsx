/** @jsxRuntime automatic @jsxImportSource react */
import { type PublicCategory, type PublicDish, sortDishes } from '@carte/domain';
import type { ReactNode } from 'react';
import { FilterPanel } from './filter-panel.tsx';
import { type DinerMatch, matchDish } from './filtering.ts';
import { categoryAnchor } from './lookup.ts';
import { MenuFooter } from './menu-footer.tsx';
import type { MenuPage } from './page.ts';
import {
  Allergens,
  CategoryNav,
  Cover,
  CtaButton,
  cx,
  DishMeta,
  dishCard,
  GreyedNote,
  Ingredients,
  LabellingNotes,
  Logo,
  logoOf,
  MenuSwitcher,
  Price,
  type Priority,
  RichText,
  SideDishes,
  ViewLink,
} from './parts.tsx';
import { useWords } from './words-context.ts';

/** A dish as a template draws it: its place in the sorted menu, whether it is greyed, its picture's priority. */
export interface DishEntry {
  dish: PublicDish;
  match: DinerMatch;
  priority: Priority;
}

export interface CategoryEntry {
  category: PublicCategory;
  index: number;
  dishes: DishEntry[];
}

/** Sorting and greying (decisions: greyed, never hidden), and which pictures load first. */
function prepare(page: MenuPage): { categories: CategoryEntry[]; total: number; greyed: number } {
  let pictures = 0;
  let total = 0;
  let greyed = 0;
  const hasCover = Boolean(page.menu.cover);
  const categories = page.menu.categories
    .filter((category) => category.dishes.length > 0)
    .map((category, index) => ({
      category,
      index,
      dishes: sortDishes(category.dishes, page.filters.sort).map((dish) => {
        const match = matchDish(dish, page.filters, page.data.restaurant);
        total += 1;
        if (match.greyed) greyed += 1;
        let priority: Priority = 'lazy';
        if (dish.image) {
          // Without a cover the first dish pictures are the top of the page.
          if (!hasCover && pictures === 0) priority = 'high';
          else if (pictures < (hasCover ? 2 : 4)) priority = 'eager';
          pictures += 1;
        }
        return { dish, match, priority };
      }),
    }));
  return { categories, total, greyed };
}

function dishLink(page: MenuPage, dish: PublicDish, children: ReactNode = dish.name) {
  return (
    <ViewLink
      page={page}
      to={{ kind: 'dish', menuId: page.menu._id, dishId: dish._id }}
      withFilters
      className="cm-stretch"
    >
      {children}
    </ViewLink>
  );
}

/** A dish's item: greyed or not, and its id, by which the page's script greys and sorts it. */
const greyedProps = (dish: PublicDish, match: DinerMatch) =>
  match.greyed ? ({ 'data-dish': dish._id, 'aria-disabled': true } as const) : { 'data-dish': dish._id };

// ---------- Classic: a clean list, picture beside each dish ----------

function ClassicDish(props: { page: MenuPage; entry: DishEntry }) {
  const { page } = props;
  const { dish, match, priority } = props.entry;
  return (
    <li className={cx('cm-row', match.greyed && 'is-greyed')} {...greyedProps(dish, match)}>
      <div className="cm-dim cm-row-inner">
        <div className="cm-row-head">
          <h3 className="cm-name">{dishLink(page, dish)}</h3>
          <span className="cm-leader" aria-hidden="true" />
          <Price value={dish.price} />
        </div>
        {dishCard(dish, '', priority, 'cm-row-img')}
        <RichText html={dish.description} className="cm-desc cm-clamp" dishId={dish._id} />
        <div className="cm-row-more">
          <Ingredients menu={page.menu} dish={dish} />
          <DishMeta menu={page.menu} dish={dish} labelling={page.data.restaurant.labelling} />
          <Allergens menu={page.menu} restaurant={page.data.restaurant} dish={dish} />
          <SideDishes page={page} dish={dish} />
        </div>
      </div>
      <GreyedNote match={match} />
    </li>
  );
}

// ---------- Pizza: big picture cards, bold price tags ----------

function PizzaDish(props: { page: MenuPage; entry: DishEntry }) {
  const { page } = props;
  const { dish, match, priority } = props.entry;
  return (
    <li className={cx('cm-card', match.greyed && 'is-greyed')} {...greyedProps(dish, match)}>
      <div className="cm-dim">
        {dish.image ? (
          <div className="cm-card-media">{dishCard(dish, '', priority, 'cm-card-img')}</div>
        ) : null}
        <div className="cm-card-body">
          <div className="cm-card-head">
            <h3 className="cm-name">{dishLink(page, dish)}</h3>
            <Price value={dish.price} className="cm-pill" />
          </div>
          <RichText html={dish.description} className="cm-desc" dishId={dish._id} />
          <Ingredients menu={page.menu} dish={dish} />
          <DishMeta menu={page.menu} dish={dish} labelling={page.data.restaurant.labelling} />
          <Allergens menu={page.menu} restaurant={page.data.restaurant} dish={dish} />
          <SideDishes page={page} dish={dish} />
        </div>
      </div>
      <GreyedNote match={match} />
    </li>
  );
}

// ---------- Sushi: an airy grid of square pictures ----------

function SushiDish(props: { page: MenuPage; entry: DishEntry }) {
  const { page } = props;
  const { dish, match, priority } = props.entry;
  return (
    <li className={cx('cm-tile', match.greyed && 'is-greyed')} {...greyedProps(dish, match)}>
      <div className="cm-dim">
        <div className="cm-tile-media">
          {dish.image ? (
            dishCard(dish, '', priority, 'cm-tile-img')
          ) : (
            <span className="cm-tile-ph" aria-hidden="true">
              {dish.name.trim().charAt(0)}
            </span>
          )}
        </div>
        <h3 className="cm-name">{dishLink(page, dish)}</h3>
        <Price value={dish.price} />
        <RichText html={dish.description} className="cm-desc cm-clamp" dishId={dish._id} />
        <Ingredients menu={page.menu} dish={dish} />
        <DishMeta menu={page.menu} dish={dish} labelling={page.data.restaurant.labelling} />
        <Allergens menu={page.menu} restaurant={page.data.restaurant} dish={dish} />
      </div>
      <GreyedNote match={match} />
    </li>
  );
}

const layouts = {
  classic: { list: 'cm-list', Dish: ClassicDish },
  pizza: { list: 'cm-cards', Dish: PizzaDish },
  sushi: { list: 'cm-grid', Dish: SushiDish },
} as const;

function CategorySection(props: { page: MenuPage; entry: CategoryEntry }) {
  const { page, entry } = props;
  const kind = page.theme.template.kind;
  const { list, Dish } = layouts[kind];
  const anchor = categoryAnchor(entry.category._id);
  return (
    <section className="cm-section" id={anchor} aria-labelledby={`${anchor}-h`}>
      <h2 className="cm-h2" id={`${anchor}-h`}>
        {kind === 'sushi' ? (
          <span className="cm-num" aria-hidden="true">
            {String(entry.index + 1).padStart(2, '0')}
          </span>
        ) : null}
        <span className="cm-h2-text">{entry.category.name}</span>
      </h2>
      <ul className={list}>
        {entry.dishes.map((dishEntry) => (
          <Dish key={dishEntry.dish._id} page={page} entry={dishEntry} />
        ))}
      </ul>
    </section>
  );
}

/** The top of a menu, arranged per template. */
function MenuHeader(props: { page: MenuPage }) {
  const { page } = props;
  const { menu } = page;
  const restaurant = page.data.restaurant;
  const kind = page.theme.template.kind;
  const Header = page.embedded ? 'div' : 'header';
  const logo = logoOf(menu, restaurant);
  const brand = (
    <div className="cm-brand">
      <Logo image={logo} name={restaurant.name} className="cm-logo" />
      <p className="cm-eyebrow">{restaurant.name}</p>
    </div>
  );
  const titles = (
    <>
      <h1 className="cm-title">{menu.name}</h1>
      {kind === 'sushi' ? <span className="cm-stroke" aria-hidden="true" /> : null}
      {menu.description.trim() ? <p className="cm-lede">{menu.description}</p> : null}
      <CtaButton page={page} />
    </>
  );
  if (kind === 'pizza') {
    return (
      <Header className="cm-head">
        <div className="cm-check" aria-hidden="true" />
        <div className="cm-head-inner">
          {brand}
          {titles}
        </div>
        <Cover menu={menu} className="cm-cover" />
        <MenuSwitcher page={page} />
      </Header>
    );
  }
  if (kind === 'sushi') {
    return (
      <Header className="cm-head">
        <div className="cm-head-inner">
          {brand}
          {titles}
        </div>
        <Cover menu={menu} className="cm-cover" />
        <MenuSwitcher page={page} />
      </Header>
    );
  }
  return (
    <Header className="cm-head">
      <Cover menu={menu} className="cm-cover" />
      <div className={cx('cm-head-inner', menu.cover && 'has-cover')}>
        {brand}
        {titles}
      </div>
      <MenuSwitcher page={page} />
    </Header>
  );
}

/** One menu in its template (doc 2 §2: Classic Template, Pizza Restaurant, Sushi Restaurant). */
export function MenuScreen(props: { page: MenuPage }) {
  const words = useWords();
  const { page } = props;
  const prepared = prepare(page);
  const Main = page.embedded ? 'div' : 'main';
  return (
    <>
      <MenuHeader page={page} />
      <Main id="cm-main" className="cm-main" tabIndex={-1}>
        <LabellingNotes restaurant={page.data.restaurant} />
        <FilterPanel page={page} total={prepared.total} greyed={prepared.greyed} />
        <CategoryNav page={page} />
        {prepared.categories.length === 0 ? <p className="cm-empty-note">{words.noDishes}</p> : null}
        {prepared.categories.map((entry) => (
          <CategorySection key={entry.category._id} page={page} entry={entry} />
        ))}
      </Main>
      <MenuFooter page={page} menu={page.menu} />
    </>
  );
}
