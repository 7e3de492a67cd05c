import {
  type CustomerMenu,
  type DinerFilterState,
  emptyFilterState,
  type PublicDish,
  type PublicMenu,
} from '@carte/domain';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  ExpiryBanner,
  fontStack,
  MenuPreview,
  menuJsonLd,
  menuPageCss,
  menuViewCss,
  PublicMenuApp,
  type PublicMenuView,
  pageTitle,
  readableOn,
  resolvePage,
  resolveTheme,
  serializeForScript,
  textOn,
  viewHref,
} from '../src/index.ts';
import {
  customerMenu,
  dinner,
  lemonade,
  lunch,
  margarita,
  menu,
  restaurant,
  tacoCauliflower,
  tacoFish,
  tacoPastor,
} from './fixtures.ts';

const r = restaurant._id;

function render(
  view: PublicMenuView,
  options: { data?: CustomerMenu; filters?: Partial<DinerFilterState>; mapId?: string } = {},
): string {
  return renderToString(
    <PublicMenuApp
      data={options.data ?? customerMenu()}
      view={view}
      filters={{ ...emptyFilterState(), ...options.filters }}
      baseUrl=""
      mapId={options.mapId ?? null}
    />,
  );
}

const withMenu = (changes: Partial<PublicMenu>): CustomerMenu =>
  customerMenu({ menus: [{ ...lunch, ...changes }, dinner] });

/** The markup of one dish's list item, found by its name. */
function itemOf(html: string, name: string): string {
  const at = html.indexOf(`>${name}</a>`);
  expect(at, `${name} is on the page`).toBeGreaterThan(-1);
  const start = html.lastIndexOf('<li class="cm-row', at);
  const next = html.indexOf('<li class="cm-row', at);
  return html.slice(start, next === -1 ? html.indexOf('</ul></section>', at) : next);
}

describe('templates', () => {
  const templates = [
    ['Classic Template', 'cm--classic', 'cm-row'],
    ['Pizza Restaurant', 'cm--pizza', 'cm-card'],
    ['Sushi Restaurant', 'cm--sushi', 'cm-tile'],
  ] as const;

  it.each(templates)('%s draws names and USD prices in its own layout', (template, rootClass, itemClass) => {
    const html = render(
      { kind: 'menu', menuId: lunch._id },
      { data: withMenu({ selectedTemplate: template }) },
    );
    expect(html).toContain(rootClass);
    expect(html).toContain(`class="${itemClass}"`);
    expect(html).toContain('<h1 class="cm-title">Lunch</h1>');
    for (const dish of [tacoPastor, tacoFish, tacoCauliflower, margarita, lemonade]) {
      expect(html).toContain(`>${dish.name}</a>`);
    }
    expect(html).toContain('$4.50');
    expect(html).toContain('$5.25');
    expect(html).toContain('$9.00');
    expect(html).toContain('>Tacos<');
  });

  it('gives each template its own structure, not only colours', () => {
    const classic = render({ kind: 'menu', menuId: lunch._id }, { data: withMenu({}) });
    const pizza = render(
      { kind: 'menu', menuId: lunch._id },
      { data: withMenu({ selectedTemplate: 'Pizza Restaurant' }) },
    );
    const sushi = render(
      { kind: 'menu', menuId: lunch._id },
      { data: withMenu({ selectedTemplate: 'Sushi Restaurant' }) },
    );
    expect(classic).toContain('cm-leader');
    expect(pizza).toContain('cm-check');
    expect(pizza).toContain('cm-pill');
    expect(sushi).toContain('<span class="cm-num" aria-hidden="true">01</span>');
    expect(sushi).toContain('cm-stroke');
    // Sushi has no picture for the lemonade: a lettered placeholder keeps the grid even.
    expect(sushi).toContain('cm-tile-ph');
  });

  it('sets the menu colours and fonts on the root, readable and without web fonts', () => {
    const html = render({ kind: 'menu', menuId: lunch._id });
    expect(html).toContain('--cm-c1:#e63946');
    expect(html).toContain('--cm-c2:#2a9d8f');
    expect(html).toMatch(/--cm-f1:&quot;Playfair Display&quot;,(&quot;|[^;])*Georgia(&quot;|[^;])*,serif;/);
    expect(html).toMatch(/--cm-f2:&quot;Open Sans&quot;,system-ui(&quot;|[^;])*,sans-serif;/);
    expect(menuViewCss).not.toMatch(/@import|@font-face|url\(/);
  });

  it('honours the template settings: a slot the template does not use keeps its own value', () => {
    const sushi = menu({
      name: 'S',
      selectedTemplate: 'Sushi Restaurant',
      colors: { primary: '#112233', secondary: '#aa0000', tertiary: '#00ff00' },
      templateMeta: {
        'sushi-restaurant': {
          colors: {
            primary: { enabled: true, default: '#1d3557' },
            secondary: { enabled: false, default: '#e63946' },
            tertiary: { enabled: false, default: '#84cef1' },
          },
          fonts: { tertiary: { enabled: false, default: 'Noto Sans' } },
        },
      },
    });
    const theme = resolveTheme(sushi);
    expect(theme.colors).toEqual({ primary: '#112233', secondary: '#e63946', tertiary: '#84cef1' });
    expect(theme.fonts.tertiary).toBe('Noto Sans');
    expect(theme.template.kind).toBe('sushi');
  });

  it('keeps text readable whatever the colours (doc 1 §5 and WCAG AA)', () => {
    const pale = readableOn('#84cef1', '#ffffff');
    expect(contrastRatio(pale, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(readableOn('#1d3557', '#ffffff')).toBe('#1d3557');
    expect(textOn('#000000')).toBe('#ffffff');
    expect(textOn('#ffffff')).toBe('#000000');
    // luma(#1d3557) is above 40, so the specification's rule says black; white reads far better.
    expect(textOn('#1d3557')).toBe('#ffffff');
    expect(fontStack('Evil"; } body{')).toMatch(/^"Evil body",/);
  });

  it('shows the logo, the cover with its size and priority, and lazy dish pictures', () => {
    const html = render({ kind: 'menu', menuId: lunch._id });
    expect(html).toMatch(
      /<img[^>]*src="\/media\/cover-lunch\/card.webp"[^>]*width="900" height="338"[^>]*fetchPriority="high"/i,
    );
    expect(html).toMatch(/<img[^>]*alt="Taco Truck logo"/);
    expect(html).toMatch(/<img[^>]*src="\/media\/fish\/card.webp"[^>]*width="600" height="450"/);
    expect(html).toMatch(/<img[^>]*src="\/media\/margarita\/card.webp"[^>]*loading="lazy"/);
    // No preload links of React's own in the body: the markup starts with the menu.
    expect(html.startsWith('<div class="cm ')).toBe(true);
  });

  it('shows social links, the issue-report block with its two mail subjects, and the printable link', () => {
    const html = render({ kind: 'menu', menuId: lunch._id });
    expect(html).toContain('href="https://instagram.com/tacotruck"');
    expect(html).toContain('REPORT AN ISSUE');
    expect(html).toContain('Prices on this menu are set directly by the merchant');
    expect(html).toContain('href="mailto:owner@example.com?subject=ISSUE%20REPORT');
    expect(html).toContain('href="mailto:owner@example.com?subject=INQUIRY');
    expect(html).toContain(`href="/menu/${r}?print=1&amp;menu=${lunch._id}"`);
  });

  const withCta = (cta: Partial<NonNullable<CustomerMenu['restaurant']['cta']>>) =>
    customerMenu({
      restaurant: {
        ...restaurant,
        cta: {
          type: 'order_online',
          label: '',
          link: 'https://order.example.com',
          newTab: true,
          color: 'primary',
          lightText: true,
          enabled: true,
          ...cta,
        },
      },
    });
  const ctaOf = (data: CustomerMenu) =>
    /<a class="cm-cta"[^>]*>[^<]*<\/a>/.exec(render({ kind: 'menu', menuId: lunch._id }, { data }))?.[0];

  it('shows the restaurant call-to-action in the colour it names, with readable text', () => {
    const button = ctaOf(withCta({ color: 'secondary' }));
    expect(button).toContain('href="https://order.example.com"');
    expect(button).toContain('target="_blank"');
    expect(button).toContain('>Order online</a>');
    // Lunch is a Classic menu: its secondary colour is its own, and white text on it reads.
    const background = /background:(#[0-9a-f]{6})/i.exec(button ?? '')?.[1];
    expect(background?.toLowerCase()).toBe(lunch.colors.secondary.toLowerCase());
    const color = /;color:(#[0-9a-f]{6})/i.exec(button ?? '')?.[1] ?? '';
    expect(contrastRatio(color, background ?? '')).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps the owner’s dark text when it reads, and swaps light text that would not', () => {
    const pale = customerMenu({
      restaurant: withCta({ color: 'tertiary', lightText: true }).restaurant,
      menus: [{ ...lunch, colors: { ...lunch.colors, tertiary: '#fff3b0' } }, dinner],
    });
    expect(ctaOf(pale)).toContain('color:#000000');
    expect(ctaOf(withCta({ color: 'tertiary', lightText: false }))).toMatch(/;color:#000000/);
  });

  it('dials call_to_order, opens take_me_there addresses in maps, and uses the owner’s label', () => {
    const call = ctaOf(withCta({ type: 'call_to_order', link: '+1 (212) 555-0100', label: 'Call us' }));
    expect(call).toContain('href="tel:+12125550100"');
    expect(call).not.toContain('target=');
    expect(call).toContain('>Call us</a>');
    const there = ctaOf(withCta({ type: 'take_me_there', link: '12 Market St, Springfield', newTab: false }));
    expect(there).toContain(
      'href="https://www.google.com/maps/search/?api=1&amp;query=12%20Market%20St%2C%20Springfield"',
    );
    expect(there).not.toContain('target=');
    expect(there).toContain('>Take me there</a>');
  });

  it('draws no button when it is off or leads nowhere', () => {
    expect(ctaOf(withCta({ enabled: false }))).toBeUndefined();
    expect(ctaOf(withCta({ type: 'call_to_order', link: 'not a number' }))).toBeUndefined();
    expect(ctaOf(customerMenu())).toBeUndefined();
  });

  it('shows the restaurant’s description at the foot of a menu', () => {
    const html = render({ kind: 'menu', menuId: lunch._id });
    expect(html).toContain(
      '<div class="cm-about"><div class="cm-about-text"><p>Street food &amp; more</p></div></div>',
    );
  });
});

describe('display switches', () => {
  const dishPage = (data: CustomerMenu) =>
    render({ kind: 'dish', menuId: lunch._id, dishId: tacoPastor._id }, { data });

  it('show ingredients, dietary tags and side dishes (with the restaurant label) by default', () => {
    const html = render({ kind: 'menu', menuId: lunch._id });
    expect(html).toContain('Corn tortilla, Pork al pastor, Pineapple');
    expect(html).toContain('cm-badge--diet');
    expect(html).toContain('Contains fish');
    expect(html).toContain('Goes well with:');
    expect(dishPage(customerMenu())).toContain('>Goes well with</h2>');
  });

  it('hide ingredients', () => {
    const data = withMenu({ displayIngredients: false });
    expect(render({ kind: 'menu', menuId: lunch._id }, { data })).not.toContain('Pork al pastor');
    expect(dishPage(data)).not.toContain('Pork al pastor');
  });

  it('hide dietary tags', () => {
    const data = withMenu({ displayDietary: false });
    expect(render({ kind: 'menu', menuId: lunch._id }, { data })).not.toContain('cm-badge');
    expect(dishPage(data)).not.toContain('Best seller');
  });

  it('hide side dishes', () => {
    const data = withMenu({ displaySideDishes: false });
    expect(render({ kind: 'menu', menuId: lunch._id }, { data })).not.toContain('Goes well with');
    expect(dishPage(data)).not.toContain('Goes well with');
  });
});

describe('the dish page', () => {
  it('shows the dish with its customizations and computed option prices', () => {
    const html = render({ kind: 'dish', menuId: lunch._id, dishId: tacoPastor._id });
    expect(html).toContain('<h1 id="cm-dish-title" class="cm-title">Al Pastor Taco</h1>');
    expect(html).toContain('$4.50');
    expect(html).toContain('Extra toppings');
    expect(html).toContain('+$1.50');
    expect(html).toContain('+$0.75');
    expect(html).toContain('+$1.13');
    expect(html).toContain('Included');
    expect(html).toContain('<strong>charred pineapple</strong>');
    expect(html).toContain('310 cal');
    expect(html).toContain(`href="/menu/${r}?menu=${lunch._id}"`);
    // The side dish is on this menu: a link to its own page.
    expect(html).toContain(`href="/menu/${r}/dish/${lemonade._id}/menuSelected/${lunch._id}"`);
  });

  it('says "Dish not found" for an unknown dish', () => {
    const html = render({ kind: 'dish', menuId: lunch._id, dishId: 'ffffffffffffffffffffffff' });
    expect(html).toContain('Dish not found');
  });
});

describe('filters', () => {
  it('grey dishes that do not suit the diner, with the reason, without hiding them', () => {
    const html = render({ kind: 'menu', menuId: lunch._id }, { filters: { diets: ['Vegan'] } });
    const fish = itemOf(html, 'Baja Fish Taco');
    expect(fish).toContain('aria-disabled="true"');
    expect(fish).toContain('is-greyed');
    expect(fish).toContain('not Vegan');
    expect(itemOf(html, 'Crispy Cauliflower Taco')).not.toContain('aria-disabled');
    expect(html).toContain('2 of 5 dishes don&#x27;t match your filters.');
  });

  it('grey dishes holding an avoided food type, and by the restaurant custom filters', () => {
    const avoid = render({ kind: 'menu', menuId: lunch._id }, { filters: { foodTypes: ['Fish'] } });
    expect(itemOf(avoid, 'Baja Fish Taco')).toContain('contains Fish');
    expect(itemOf(avoid, 'Al Pastor Taco')).not.toContain('aria-disabled');
    const custom = render({ kind: 'menu', menuId: lunch._id }, { filters: { customFilters: ['Pineapple'] } });
    expect(itemOf(custom, 'Al Pastor Taco')).not.toContain('aria-disabled');
    expect(itemOf(custom, 'Baja Fish Taco')).toContain('no Pineapple');
  });

  it('sort dishes within their categories', () => {
    const html = render({ kind: 'menu', menuId: lunch._id }, { filters: { sort: 'price-asc' } });
    const order = ['Crispy Cauliflower Taco', 'Al Pastor Taco', 'Baja Fish Taco'].map((name) =>
      html.indexOf(`>${name}</a>`),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(html).toContain('<option value="price-asc" selected="">');
  });

  it('work without JavaScript: a GET form with the shared-link field names', () => {
    const html = render({ kind: 'menu', menuId: lunch._id }, { filters: { diets: ['Vegan'] } });
    expect(html).toMatch(new RegExp(`<form class="cm-filter-form" action="/menu/${r}" method="get">`));
    expect(html).toContain(`<input type="hidden" name="menu" value="${lunch._id}"/>`);
    expect(html).toContain('<input type="checkbox" name="diet" checked="" value="Vegan"/>');
    expect(html).toContain('name="avoid" value="Fish"');
    expect(html).toContain('name="f" value="Pineapple"');
    expect(html).toContain('<details class="cm-filters" open="">');
    expect(html).toContain('Clear filters');
  });

  it('are not offered when the restaurant has not enabled them (the allergens apart)', () => {
    const off = { ...restaurant, filterOptions: null };
    const undeclared = lunch.categories.map((category) => ({
      ...category,
      dishes: category.dishes.map((dish) => ({ ...dish, allergens: { ...dish.allergens, declared: false } })),
    }));
    const data = customerMenu({ restaurant: off, menus: [{ ...lunch, categories: undeclared }] });
    const html = render({ kind: 'menu', menuId: lunch._id }, { data, filters: { diets: ['Vegan'] } });
    expect(html).not.toContain('cm-filters');
    expect(html).not.toContain('aria-disabled');
    // A menu with declared dishes still offers "Avoid allergens", and only that.
    const declared = render(
      { kind: 'menu', menuId: lunch._id },
      { data: customerMenu({ restaurant: off }), filters: { diets: ['Vegan'], allergens: ['milk'] } },
    );
    expect(declared).toContain('<legend>Avoid allergens</legend>');
    expect(declared).not.toContain('name="diet"');
    expect(itemOf(declared, 'Baja Fish Taco')).toContain('<p class="cm-why">Contains Milk</p>');
    expect(itemOf(declared, 'Crispy Cauliflower Taco')).not.toContain('not Vegan');
  });
});

describe('other screens', () => {
  it('the chooser: "Choose a menu:" and a card per menu that links to it', () => {
    const html = render({ kind: 'chooser' });
    expect(html).toContain('Choose a menu:');
    expect(html).toContain(`href="/menu/${r}?menu=${lunch._id}"`);
    expect(html).toContain(`href="/menu/${r}?menu=${dinner._id}"`);
    expect(html).toContain('<h1 class="cm-title">Taco Truck</h1>');
    // The description as the owner formatted it (sanitized when saved), once, under the name.
    expect(html).toContain('<p>Street food &amp; more</p>');
    expect(html.split('Street food').length).toBe(2);
  });

  it('the chooser offers the issue-report mail to the owner', () => {
    const html = render({ kind: 'chooser' });
    expect(html).toContain('href="mailto:owner@example.com?subject=ISSUE%20REPORT');
    expect(html).toContain('href="https://instagram.com/tacotruck"');
  });

  it('keeps a menu display in its links', () => {
    const html = render({ kind: 'chooser' }, { mapId: 'abcabcabcabcabcabcabcabc' });
    expect(html).toContain(`href="/menu/${r}/abcabcabcabcabcabcabcabc?menu=${lunch._id}"`);
  });

  it('no published menus: the title and a notify link to the owner', () => {
    const data = customerMenu({ menus: [], menusTimeline: [], menuNotFound: true });
    const html = render({ kind: 'empty' }, { data });
    expect(html).toContain('There are no published menus');
    expect(html).toMatch(/href="mailto:owner@example.com\?subject=Please%20publish%20your%20menu&amp;body=/);
  });

  it('published menus all closed: when each opens next', () => {
    const data = customerMenu({ menus: [] });
    const html = render({ kind: 'empty' }, { data });
    expect(html).toContain('No menu is being served right now.');
    // 2025-06-02T15:00Z is 11:00 in New York (Monday); lunch is open until 16:00, dinner opens at 16:00.
    expect(html).toContain('Dinner opens Monday at 16:00.');
  });

  it('the printable menu asks for a menu, then lists names, descriptions and prices', () => {
    expect(render({ kind: 'print', menuId: null })).toContain('Please select a menu!');
    const html = render({ kind: 'print', menuId: lunch._id });
    expect(html).toContain('<h1 class="cm-title">Lunch</h1>');
    expect(html).toContain('Al Pastor Taco');
    expect(html).toContain('$4.50');
    expect(html).toContain('Beer-battered cod &amp; slaw.');
  });

  it('an unknown menu says so and offers the others', () => {
    const html = render({ kind: 'menu', menuId: 'ffffffffffffffffffffffff' });
    expect(html).toContain('No menu found');
    expect(html).toContain('Choose a menu:');
  });

  it('the expiry banner says when the menu expires and offers the switch', () => {
    const html = renderToString(
      <ExpiryBanner
        minutesLeft={12}
        nextMenuName="Dinner"
        startsAt="16:00"
        onSwitch={() => {}}
        onClose={() => {}}
      />,
    );
    expect(html).toContain('This menu expires in 12 minutes. The Dinner menu starts at 16:00.');
    expect(html).toContain('Switch to Dinner');
    expect(html).toContain('aria-label="Close"');
  });

  it('renders the same markup for the same props (hydration needs it)', () => {
    const view: PublicMenuView = { kind: 'menu', menuId: lunch._id };
    expect(render(view, { filters: { diets: ['Vegan'] } })).toBe(
      render(view, { filters: { diets: ['Vegan'] } }),
    );
  });

  it('the owner preview draws unsaved values inside a panel, with the stylesheet and no landmarks', () => {
    const draft = { ...lunch, name: 'Brunch (draft)', selectedTemplate: 'Pizza Restaurant' as const };
    const html = renderToString(<MenuPreview menu={draft} restaurant={restaurant} />);
    expect(html).toContain('Brunch (draft)');
    expect(html).toContain('cm--pizza');
    expect(html).toContain('<style>');
    expect(html).not.toMatch(/<(main|header|footer)\b/);
  });
});

describe('addresses', () => {
  const data = customerMenu();

  it('resolve to the same screen the links point at', () => {
    expect(resolvePage(data, `/menu/${r}`, '').view).toEqual({ kind: 'chooser' });
    expect(resolvePage(customerMenu({ menus: [lunch] }), `/menu/${r}`, '').view).toEqual({
      kind: 'menu',
      menuId: lunch._id,
    });
    expect(resolvePage(data, `/menu/${r}`, `?menu=${lunch._id}`).view).toEqual({
      kind: 'menu',
      menuId: lunch._id,
    });
    expect(resolvePage(data, `/menu/${r}/dish/${tacoFish._id}/menuSelected/${lunch._id}`, '').view).toEqual({
      kind: 'dish',
      dishId: tacoFish._id,
      menuId: lunch._id,
    });
    expect(resolvePage(data, `/menu/${r}`, '?print=1').view).toEqual({ kind: 'print', menuId: null });
    expect(resolvePage(customerMenu({ menus: [] }), `/menu/${r}`, '').view).toEqual({ kind: 'empty' });
    expect(resolvePage(data, `/menu/${r}/abcabcabcabcabcabcabcabc`, '').mapId).toBe(
      'abcabcabcabcabcabcabcabc',
    );
  });

  it('carry the filters of a shared link, keeping only what the menu offers', () => {
    const filters: DinerFilterState = {
      diets: ['Vegan'],
      foodTypes: ['Fish'],
      customFilters: [],
      sort: 'price-asc',
      allergens: [],
    };
    const href = viewHref({ kind: 'menu', menuId: lunch._id }, { baseUrl: '', restaurantId: r }, filters);
    expect(href).toBe(`/menu/${r}?menu=${lunch._id}&diet=Vegan&avoid=Fish&sort=price-asc`);
    const url = new URL(href, 'https://carte.test');
    expect(resolvePage(data, url.pathname, url.search).filters).toEqual(filters);
    // A form submission repeats the field; unknown names and sorts are dropped.
    expect(
      resolvePage(data, `/menu/${r}`, `?menu=${lunch._id}&diet=vegan&diet=Keto&sort=alcohol-asc`).filters,
    ).toEqual({ diets: ['Vegan'], foodTypes: [], customFilters: [], sort: null, allergens: [] });
  });

  it('a dish of a filtered menu carries the filters, so its page greys it and leads back to them', () => {
    const filters: DinerFilterState = { ...emptyFilterState(), diets: ['Vegan'] };
    const dish = { kind: 'dish', menuId: lunch._id, dishId: tacoFish._id } as const;
    const href = viewHref(dish, { baseUrl: '', restaurantId: r }, filters);
    expect(href).toBe(`/menu/${r}/dish/${tacoFish._id}/menuSelected/${lunch._id}?diet=Vegan`);
    const url = new URL(href, 'https://carte.test');
    const resolved = resolvePage(data, url.pathname, url.search);
    expect(resolved).toEqual({ view: dish, filters, mapId: null });
    const html = render(resolved.view, { filters: resolved.filters });
    expect(html).toContain('class="cm-why"');
    expect(html).toContain(`href="/menu/${r}?menu=${lunch._id}&amp;diet=Vegan"`);
  });
});

describe('page pieces for the server', () => {
  it('menuJsonLd: Restaurant → Menu → MenuSection → MenuItem with USD offers and diets', () => {
    const ld = JSON.parse(JSON.stringify(menuJsonLd(customerMenu(), lunch._id, 'https://carte.test')));
    expect(ld['@context']).toBe('https://schema.org');
    expect(ld['@type']).toBe('Restaurant');
    expect(ld.name).toBe('Taco Truck');
    expect(ld.description).toBe('Street food & more');
    expect(ld.url).toBe(`https://carte.test/menu/${r}`);
    expect(ld.logo).toBe('https://carte.test/media/logo/full.webp');
    expect(ld.sameAs).toEqual(['https://facebook.com/tacotruck']);
    const menuNode = ld.hasMenu;
    expect(menuNode['@type']).toBe('Menu');
    expect(menuNode.name).toBe('Lunch');
    expect(menuNode.url).toBe(`https://carte.test/menu/${r}?menu=${lunch._id}`);
    const section = menuNode.hasMenuSection[0];
    expect(section).toMatchObject({ '@type': 'MenuSection', name: 'Tacos' });
    const item = section.hasMenuItem[0];
    expect(item).toMatchObject({
      '@type': 'MenuItem',
      name: 'Al Pastor Taco',
      description: 'Spit-roasted pork with charred pineapple.',
      offers: { '@type': 'Offer', price: '4.50', priceCurrency: 'USD' },
      suitableForDiet: 'https://schema.org/GlutenFreeDiet',
      nutrition: { '@type': 'NutritionInformation', calories: '310 calories' },
    });
    expect(item.menuAddOn[0].hasMenuItem[0]).toMatchObject({ name: 'Guacamole', offers: { price: '1.50' } });
    const cauliflower = section.hasMenuItem[2];
    // Not declared: its "Gluten free" tag is not claimed (issue 23), its vegan tags are.
    expect(cauliflower.suitableForDiet).toEqual([
      'https://schema.org/VeganDiet',
      'https://schema.org/VegetarianDiet',
    ]);
    expect(Array.isArray((menuJsonLd(customerMenu(), null, '') as Record<string, unknown>).hasMenu)).toBe(
      true,
    );
  });

  it('serializeForScript cannot close the script element', () => {
    const text = serializeForScript({ name: '</script><script>alert(1)</script> & \u2028' });
    expect(text).not.toContain('</script');
    expect(text).not.toContain('&');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script> & \u2028' });
  });

  it('pageTitle names the screen, most specific first', () => {
    const data = customerMenu();
    expect(pageTitle(data, { kind: 'menu', menuId: lunch._id })).toBe('Lunch · Taco Truck');
    expect(pageTitle(data, { kind: 'dish', menuId: lunch._id, dishId: tacoFish._id })).toBe(
      'Baja Fish Taco · Lunch · Taco Truck',
    );
  });

  it('the page stylesheet is small and has print, reduced-motion and focus rules', () => {
    expect(menuPageCss.length).toBeLessThan(30_000);
    expect(menuViewCss).toContain('@media print');
    expect(menuViewCss).toContain('prefers-reduced-motion:reduce');
    expect(menuViewCss).toContain(':focus-visible');
  });
});

describe('allergens and labelling (issue 23)', () => {
  const labelled = (labelling: Partial<typeof restaurant.labelling>, changes: Partial<PublicMenu> = {}) =>
    customerMenu({
      restaurant: { ...restaurant, labelling: { ...restaurant.labelling, ...labelling } },
      menus: [{ ...lunch, ...changes }, dinner],
    });
  const menuView = { kind: 'menu', menuId: lunch._id } as const;

  it('names each dish’s allergens in words: contains and may contain apart, none, not declared', () => {
    const html = render(menuView);
    expect(itemOf(html, 'Baja Fish Taco')).toContain(
      '<p class="cm-al"><span>Contains: Gluten, Eggs, Fish, Milk</span><span>May contain: Tree nuts</span></p>',
    );
    expect(itemOf(html, 'Al Pastor Taco')).toContain('<p class="cm-al"><span>May contain: Sesame</span></p>');
    expect(itemOf(html, 'Fresh Lemonade')).toContain('<span>None of the 14 regulated allergens</span>');
    expect(itemOf(html, 'Crispy Cauliflower Taco')).toContain(
      '<p class="cm-al cm-al--unknown"><span>Allergens not declared — ask the staff</span></p>',
    );
    expect(itemOf(html, 'Crispy Cauliflower Taco')).not.toContain('None of the 14');
  });

  it('follows "display dietary" outside the EU and the UK, and shows them regardless there', () => {
    const hidden = render(menuView, { data: labelled({ region: 'US' }, { displayDietary: false }) });
    expect(hidden).not.toContain('cm-al');
    expect(hidden).not.toContain('Avoid allergens');
    for (const region of ['EU', 'UK'] as const) {
      const html = render(menuView, { data: labelled({ region }, { displayDietary: false }) });
      expect(itemOf(html, 'Baja Fish Taco')).toContain('Contains: Gluten, Eggs, Fish, Milk');
      expect(itemOf(html, 'Classic Margarita')).toContain('Allergens not declared — ask the staff');
      expect(html).not.toContain('cm-badge'); // the restaurant's own tags stay hidden
    }
  });

  it('the dish page names them under a heading, and each option’s beside it in small text', () => {
    const html = render({ kind: 'dish', menuId: lunch._id, dishId: tacoPastor._id });
    expect(html).toContain('<h2 id="cm-allergens-h" class="cm-block-title">Allergens</h2>');
    expect(html).toContain('<span>May contain: Sesame</span>');
    expect(html).toContain('<span>Cotija<small class="cm-opt-al">Contains: Milk</small></span>');
    expect(html).toContain('<span>Guacamole</span>');
    const undeclared = render({ kind: 'dish', menuId: lunch._id, dishId: tacoCauliflower._id });
    expect(undeclared).toContain('Allergens not declared — ask the staff');
  });

  it('the printable menu names them too', () => {
    const html = render({ kind: 'print', menuId: lunch._id });
    expect(html).toContain('Contains: Gluten, Eggs, Fish, Milk');
    expect(html).toContain('None of the 14 regulated allergens');
    expect(html).toContain('Allergens not declared — ask the staff');
  });

  it('"Avoid allergens" greys what contains or may contain them, and what is not declared, with the reason', () => {
    const milk = render(menuView, { filters: { allergens: ['milk'] } });
    expect(milk).toContain('<legend>Avoid allergens</legend>');
    expect(milk.match(/name="allergen"/g)).toHaveLength(14);
    expect(milk).toContain('name="allergen" checked="" value="milk"');
    expect(milk).toContain('<span>Tree nuts</span>');
    const fish = itemOf(milk, 'Baja Fish Taco');
    expect(fish).toContain('aria-disabled="true"');
    expect(fish).toContain('<p class="cm-why">Contains Milk</p>');
    const cauliflower = itemOf(milk, 'Crispy Cauliflower Taco');
    expect(cauliflower).toContain('aria-disabled="true"');
    expect(cauliflower).toContain('<p class="cm-why">Allergens not declared</p>');
    // Declared without milk: not greyed (the pastor's option with cheese is the diner's choice).
    expect(itemOf(milk, 'Al Pastor Taco')).not.toContain('aria-disabled');
    expect(itemOf(milk, 'Fresh Lemonade')).not.toContain('aria-disabled');
    expect(milk).toContain('3 of 5 dishes don&#x27;t match your filters.');

    const nuts = render(menuView, { filters: { allergens: ['nuts', 'sesame'] } });
    expect(itemOf(nuts, 'Baja Fish Taco')).toContain('<p class="cm-why">May contain Tree nuts</p>');
    expect(itemOf(nuts, 'Al Pastor Taco')).toContain('<p class="cm-why">May contain Sesame</p>');

    // With the restaurant's own filters: both reasons, the allergens first.
    const both = render(menuView, { filters: { allergens: ['milk'], diets: ['Vegan'] } });
    expect(itemOf(both, 'Baja Fish Taco')).toContain(
      'Contains Milk · Doesn&#x27;t match your filters: not Vegan',
    );
  });

  it('keeps the avoided allergens in the address, the dish links and the dish page', () => {
    const data = customerMenu();
    const resolved = resolvePage(data, `/menu/${r}`, `?menu=${lunch._id}&allergen=nuts,milk,unicorn`);
    expect(resolved.filters.allergens).toEqual(['milk', 'nuts']);
    const html = render(menuView, { filters: { allergens: ['milk'] } });
    expect(html).toContain(`/dish/${tacoFish._id}/menuSelected/${lunch._id}?allergen=milk`);
    const dish = render(
      { kind: 'dish', menuId: lunch._id, dishId: tacoFish._id },
      { filters: { allergens: ['milk'] } },
    );
    expect(dish).toContain('<p class="cm-why">Contains Milk</p>');
    expect(dish).toContain(`?menu=${lunch._id}&amp;allergen=milk`);
  });

  it('offers no avoid choice where allergens are not shown, or no dish of the menu is declared', () => {
    const hidden = render(menuView, {
      data: labelled({ region: 'other' }, { displayDietary: false }),
      filters: { allergens: ['milk'] },
    });
    expect(hidden).not.toContain('Avoid allergens');
    expect(itemOf(hidden, 'Baja Fish Taco')).not.toContain('aria-disabled');
  });

  it('calories follow the rules: England’s kcal per portion with its sentence, the US chain’s cal with the FDA’s', () => {
    const portioned = lunch.categories.map((category) => ({
      ...category,
      dishes: category.dishes.map((dish) => (dish === tacoPastor ? { ...dish, portion: '350 g' } : dish)),
    }));
    const england = render(menuView, {
      data: labelled({ region: 'UK', calories: 'england' }, { categories: portioned }),
    });
    expect(itemOf(england, 'Al Pastor Taco')).toContain('310 kcal per 350 g');
    expect(itemOf(england, 'Baja Fish Taco')).toContain('340 kcal');
    expect(england.match(/Adults need around 2000 kcal a day/g)).toHaveLength(1);
    // Before the dishes, where the calories are read.
    expect(england.indexOf('Adults need around 2000 kcal a day')).toBeLessThan(england.indexOf('310 kcal'));

    const us = render(menuView, {
      data: labelled({ region: 'US', calories: 'us-chain', usStateNotice: 'MA' }),
    });
    expect(itemOf(us, 'Al Pastor Taco')).toContain('310 cal');
    expect(us).not.toContain('kcal');
    for (const sentence of [
      '2,000 calories a day is used for general nutrition advice, but calorie needs vary.',
      'Additional nutrition information available upon request.',
      'Before placing your order, please inform your server if a person in your party has a food allergy.',
    ])
      expect(us.split(sentence)).toHaveLength(2);

    const none = render(menuView);
    expect(none).not.toContain('cm-notes');
    const dishPage = render(
      { kind: 'dish', menuId: lunch._id, dishId: tacoPastor._id },
      { data: labelled({ region: 'UK', calories: 'england' }, { categories: portioned }) },
    );
    expect(dishPage).toContain('310 kcal per 350 g');
    expect(dishPage).toContain('Adults need around 2000 kcal a day');
    const print = render({ kind: 'print', menuId: lunch._id }, { data: labelled({ calories: 'england' }) });
    expect(print).toContain('Adults need around 2000 kcal a day');
  });

  it('JSON-LD claims a diet only where the allergens allow it, and the portion as servingSize', () => {
    const dishes: PublicDish[] = [
      { ...tacoPastor, portion: '350 g' },
      // Tagged gluten free but declared with gluten, and vegan but containing milk: only vegetarian is claimed.
      { ...tacoCauliflower, allergens: { contains: ['gluten', 'milk'], mayContain: [], declared: true } },
      // Declared, may contain gluten: no GlutenFreeDiet; vegan stays (traces are not ingredients).
      {
        ...tacoCauliflower,
        _id: lemonade._id,
        allergens: { contains: [], mayContain: ['gluten', 'milk'], declared: true },
      },
    ];
    const data = withMenu({
      categories: [{ _id: lunch.categories[0]!._id, name: 'Tacos', dishes: [...dishes] }],
    });
    // biome-ignore lint/suspicious/noExplicitAny: reading the JSON-LD tree
    const node = menuJsonLd(data, lunch._id, 'https://carte.test') as any;
    const [pastor, contradicted, traces] = node.hasMenu.hasMenuSection[0].hasMenuItem;
    expect(pastor.suitableForDiet).toBe('https://schema.org/GlutenFreeDiet');
    expect(pastor.nutrition).toEqual({
      '@type': 'NutritionInformation',
      calories: '310 calories',
      servingSize: '350 g',
    });
    expect(contradicted.suitableForDiet).toBe('https://schema.org/VegetarianDiet');
    expect(traces.suitableForDiet).toEqual([
      'https://schema.org/VeganDiet',
      'https://schema.org/VegetarianDiet',
    ]);
    expect(JSON.stringify(node)).not.toMatch(/allergen/i);
  });
});
