/** @jsxRuntime automatic @jsxImportSource react */

import { matchDish } from './filtering.ts';
import { formatOptionPrice, formatPrice } from './format.ts';
import { optionAllergenText, showsAllergens } from './labelling.ts';
import { findDish } from './lookup.ts';
import { MenuFooter } from './menu-footer.tsx';
import type { MenuPage } from './page.ts';
import {
  Allergens,
  DishMeta,
  GreyedNote,
  LabellingNotes,
  Logo,
  logoOf,
  Picture,
  Price,
  RichText,
  ViewLink,
} from './parts.tsx';
import { useWords } from './words-context.ts';

function BackLink(props: { page: MenuPage }) {
  const words = useWords();
  return (
    <ViewLink
      page={props.page}
      to={{ kind: 'menu', menuId: props.page.menu._id }}
      withFilters
      className="cm-back"
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
      </svg>
      {words.backToMenu(props.page.menu.name)}
    </ViewLink>
  );
}

/** An option's allergens beside it, in small text (its ingredient's declaration). */
function OptionAllergens(props: { allergens: Parameters<typeof optionAllergenText>[0] }) {
  const text = optionAllergenText(props.allergens, useWords());
  return text ? <small className="cm-opt-al">{text}</small> : null;
}

/** The dish page (doc 2 §2: /menu/{restaurantId}/dish/{dishId}/menuSelected/{menuId}). */
export function DishScreen(props: { page: MenuPage; dishId: string }) {
  const words = useWords();
  const { page } = props;
  const { menu } = page;
  const restaurant = page.data.restaurant;
  const found = findDish(page, props.dishId);
  const Header = page.embedded ? 'div' : 'header';
  const Main = page.embedded ? 'div' : 'main';
  const top = (
    <Header className="cm-dish-top">
      <BackLink page={page} />
      <div className="cm-brand">
        <Logo image={logoOf(menu, restaurant)} name={restaurant.name} className="cm-logo cm-logo--small" />
        <p className="cm-eyebrow">{restaurant.name}</p>
      </div>
    </Header>
  );
  if (!found) {
    return (
      <>
        {top}
        <Main id="cm-main" className="cm-main cm-notfound" tabIndex={-1}>
          <h1 className="cm-title">{words.dishNotFound}</h1>
        </Main>
        <MenuFooter page={page} menu={menu} />
      </>
    );
  }
  const { dish, category } = found;
  const match = matchDish(dish, page.filters, restaurant);
  const inMenu = new Set(menu.categories.flatMap((entry) => entry.dishes.map((d) => d._id)));
  const sidesLabel = restaurant.sideDishesLabel.trim() || 'Side Dishes';
  const allergensShown = showsAllergens(menu, restaurant);
  return (
    <>
      {top}
      <Main id="cm-main" className="cm-main" tabIndex={-1}>
        <article className="cm-dishpage" aria-labelledby="cm-dish-title">
          {dish.image ? (
            <div className="cm-dish-hero">
              <Picture
                src={dish.image}
                sizes="(min-width: 720px) 720px, 100vw"
                width={1200}
                height={900}
                alt={dish.name}
                priority="high"
                className="cm-dish-img"
              />
            </div>
          ) : null}
          <div className="cm-dish-body">
            <p className="cm-eyebrow cm-dish-category">{category.name}</p>
            <h1 id="cm-dish-title" className="cm-title">
              {dish.name}
            </h1>
            <p className="cm-dish-price">
              <Price value={dish.price} />
            </p>
            <GreyedNote match={match} />
            <DishMeta menu={menu} dish={dish} labelling={restaurant.labelling} />
            <LabellingNotes restaurant={restaurant} />
            <RichText html={dish.description} className="cm-desc" />
            {allergensShown ? (
              <section className="cm-block" aria-labelledby="cm-allergens-h">
                <h2 id="cm-allergens-h" className="cm-block-title">
                  {words.allergenHeading}
                </h2>
                <Allergens menu={menu} restaurant={restaurant} dish={dish} />
              </section>
            ) : null}
            {menu.displayIngredients && dish.ingredients.length > 0 ? (
              <section className="cm-block" aria-labelledby="cm-ingredients-h">
                <h2 id="cm-ingredients-h" className="cm-block-title">
                  {words.ingredients}
                </h2>
                <ul className="cm-taglist">
                  {dish.ingredients.map((ingredient) => (
                    <li key={ingredient._id}>{ingredient.name}</li>
                  ))}
                </ul>
              </section>
            ) : null}
            {dish.customizations.map((customization) => (
              <section
                key={customization._id}
                className="cm-block cm-custom"
                aria-labelledby={`cm-cu-${customization._id}`}
              >
                <h2 id={`cm-cu-${customization._id}`} className="cm-block-title">
                  {customization.name}
                </h2>
                <ul className="cm-options">
                  {customization.options.map((option) => (
                    <li key={option._id}>
                      <span>
                        {option.name}
                        {allergensShown ? <OptionAllergens allergens={option.allergens} /> : null}
                      </span>
                      <span className="cm-option-price">
                        {formatOptionPrice(option.price) || words.included}
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
            {menu.displaySideDishes && dish.sideDishes.length > 0 ? (
              <section className="cm-block cm-sides-block" aria-labelledby="cm-sides-h">
                <h2 id="cm-sides-h" className="cm-block-title">
                  {sidesLabel}
                </h2>
                <ul className="cm-options">
                  {dish.sideDishes.map((side) => (
                    <li key={side._id}>
                      {inMenu.has(side._id) ? (
                        <ViewLink
                          page={page}
                          to={{ kind: 'dish', menuId: menu._id, dishId: side._id }}
                          withFilters
                        >
                          {side.name}
                        </ViewLink>
                      ) : (
                        <span>{side.name}</span>
                      )}
                      <span className="cm-option-price">{formatPrice(side.price)}</span>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </div>
        </article>
      </Main>
      <MenuFooter page={page} menu={menu} />
    </>
  );
}
