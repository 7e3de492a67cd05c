/** @jsxRuntime automatic @jsxImportSource react */
import {
  ctaHref,
  ctaLabel,
  type DishMatch,
  defaultMenuCta,
  type ImageVariants,
  type PublicDish,
  type PublicMenu,
  type PublicRestaurant,
  pictureOf,
  webAddress,
} from '@carte/domain';
import type { MouseEvent, ReactNode } from 'react';
import { DESCRIPTION_ATTRIBUTE } from './compact.ts';
import { type DinerMatch, greyedNote } from './filtering.ts';
import { formatPrice, plainText } from './format.ts';
import { allergenParts, calorieText, pageSentences, showsAllergens } from './labelling.ts';
import { categoryAnchor } from './lookup.ts';
import type { MenuPage, Page } from './page.ts';
import type { MenuWords } from './texts.ts';
import { socialLabels } from './texts.ts';
import { contrastRatio, textOn } from './theme.ts';
import type { PublicMenuView } from './types.ts';
import { viewHref } from './urls.ts';
import { useWords } from './words-context.ts';

export const cx = (...names: Array<string | false | null | undefined>): string =>
  names.filter(Boolean).join(' ');

// ---------- links ----------

const isPlainClick = (event: MouseEvent) =>
  !event.defaultPrevented &&
  event.button === 0 &&
  !event.metaKey &&
  !event.ctrlKey &&
  !event.shiftKey &&
  !event.altKey;

/**
 * A real link to another screen (it works without JavaScript); with the client's `onNavigate` a plain
 * click changes the screen in place.
 */
export function ViewLink(props: {
  page: Page;
  to: PublicMenuView;
  withFilters?: boolean;
  className?: string;
  children: ReactNode;
  'aria-current'?: 'page' | undefined;
  id?: string;
}) {
  const { page, to, withFilters, children, ...rest } = props;
  const href = viewHref(to, page.links, withFilters ? page.filters : undefined);
  const navigate = page.onNavigate;
  const onClick = navigate
    ? (event: MouseEvent<HTMLAnchorElement>) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        navigate(to, href);
      }
    : undefined;
  return (
    <a href={href} onClick={onClick} {...rest}>
      {children}
    </a>
  );
}

/** An in-page anchor (category navigation); inside another page it scrolls without touching its URL. */
export function AnchorLink(props: { page: Page; target: string; className?: string; children: ReactNode }) {
  const { page, target, className, children } = props;
  const onClick = page.embedded
    ? (event: MouseEvent<HTMLAnchorElement>) => {
        event.preventDefault();
        event.currentTarget.ownerDocument.getElementById(target)?.scrollIntoView({ block: 'start' });
      }
    : undefined;
  return (
    <a href={`#${target}`} onClick={onClick} className={className}>
      {children}
    </a>
  );
}

// ---------- pictures ----------

export type Priority = 'high' | 'eager' | 'lazy';

/**
 * A picture that never shifts the layout: the box is sized by CSS (aspect-ratio) and the element
 * carries its intrinsic size. The first picture on screen is fetched with high priority, the ones
 * below the fold lazily (doc: no layout shift, Lighthouse).
 */
export function Picture(props: {
  src: string;
  srcSet?: string;
  sizes?: string;
  width: number;
  height: number;
  alt: string;
  priority: Priority;
  className?: string;
}) {
  const { priority, alt, ...rest } = props;
  // Inside <picture>, React's server renderer adds no <link rel="preload"> of its own before the
  // markup (it would land in the page body and be dropped by hydration); `display: contents` keeps
  // the layout as if the image stood alone.
  return (
    <picture>
      <img
        {...rest}
        alt={alt}
        loading={priority === 'lazy' ? 'lazy' : undefined}
        fetchPriority={priority === 'high' ? 'high' : undefined}
        decoding={priority === 'high' ? undefined : 'async'}
      />
    </picture>
  );
}

/** A menu's cover in its sizes: the variants, or its one URL (the owner's preview of a new file). */
export const coverOf = (menu: Pick<PublicMenu, 'cover' | 'coverVariants'>): ImageVariants | null =>
  pictureOf(menu.cover, menu.coverVariants);

/** The logo shown on a menu: the menu's own, else the restaurant's. */
export const logoOf = (
  menu: Pick<PublicMenu, 'logo' | 'logoVariants'> | null,
  restaurant: Pick<PublicRestaurant, 'logo' | 'logoVariants'>,
): ImageVariants | null =>
  (menu && pictureOf(menu.logo, menu.logoVariants)) ?? pictureOf(restaurant.logo, restaurant.logoVariants);

/**
 * Dish pictures: every variant has the one dish shape, DISH_IMAGE_ASPECT (4:3; `card` 600×450), and
 * every template shows it at that shape, so the owner's crop is the only one (issue 11 item 4).
 */
export const dishCard = (
  dish: Pick<PublicDish, 'image' | 'imageVariants'>,
  alt: string,
  priority: Priority,
  className: string,
) => {
  const image = pictureOf(dish.image, dish.imageVariants);
  if (!image) return null;
  // A row's small picture takes the 320-wide thumb on a phone; cards and tiles the 600-wide card.
  const srcSet = image.thumb === image.card ? undefined : `${image.thumb} 320w, ${image.card} 600w`;
  return (
    <Picture
      src={image.card}
      srcSet={srcSet}
      sizes={srcSet ? (className === 'cm-row-img' ? '144px' : '(min-width: 960px) 300px, 50vw') : undefined}
      width={600}
      height={450}
      alt={alt}
      priority={priority}
      className={className}
    />
  );
};

export function Cover(props: {
  menu: Pick<PublicMenu, 'cover' | 'coverVariants'>;
  className: string;
  sizes?: string;
}) {
  const cover = coverOf(props.menu);
  if (!cover) return null;
  return (
    <Picture
      src={cover.card}
      srcSet={`${cover.card} 900w, ${cover.full} 1800w`}
      sizes={props.sizes ?? '(min-width: 960px) 960px, 100vw'}
      width={900}
      height={338}
      alt=""
      priority="high"
      className={props.className}
    />
  );
}

export function Logo(props: { image: ImageVariants | null; name: string; className: string }) {
  if (!props.image) return null;
  return (
    <Picture
      src={props.image.card}
      width={300}
      height={300}
      alt={`${props.name} logo`}
      priority="eager"
      className={props.className}
    />
  );
}

// ---------- dish details ----------

export function Price(props: { value: number; className?: string }) {
  return <span className={cx('cm-price', props.className)}>{formatPrice(props.value)}</span>;
}

/** Sanitized rich text (the dish form's editor output, sanitized when saved). */
export function RichText(props: { html: string; className: string; dishId?: string }) {
  if (plainText(props.html) === '') return null;
  // The hydration data leaves a listed dish's description out and reads it back from here (compact.ts).
  const named = props.dishId ? { [DESCRIPTION_ATTRIBUTE]: props.dishId } : {};
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: dish descriptions are sanitized when saved (dish.service)
    <div className={props.className} {...named} dangerouslySetInnerHTML={{ __html: props.html }} />
  );
}

export function Ingredients(props: { menu: PublicMenu; dish: PublicDish }) {
  const words = useWords();
  if (!props.menu.displayIngredients || props.dish.ingredients.length === 0) return null;
  return (
    <p className="cm-ingredients">
      <span className="cm-vh">{`${words.ingredients}${words.colon}`}</span>
      {props.dish.ingredients.map((ingredient) => ingredient.name).join(', ')}
    </p>
  );
}

/** Dietary tags (doc 1 §3): diets the dish follows, food types it contains, other tags. */
interface Badge {
  name: string;
  kind: 'diet' | 'food' | 'other';
  label: string;
}

const badgesOf = ({ dietary }: PublicDish, words: MenuWords): Badge[] => [
  ...dietary.diets.map((name) => ({ name, kind: 'diet' as const, label: words.label(name) })),
  ...dietary.foodTypes.map((name) => ({
    name,
    kind: 'food' as const,
    label: `${words.contains} ${words.label(name).toLowerCase()}`,
  })),
  ...dietary.other.map((name) => ({ name, kind: 'other' as const, label: words.label(name) })),
];

function BadgeList(props: { badges: Badge[] }) {
  return (
    <ul className="cm-badges">
      {props.badges.map((badge) => (
        <li key={`${badge.kind}:${badge.name}`} className={`cm-badge cm-badge--${badge.kind}`}>
          {badge.label}
        </li>
      ))}
    </ul>
  );
}

export function DietaryBadges(props: { menu: PublicMenu; dish: PublicDish }) {
  const words = useWords();
  if (!props.menu.displayDietary) return null;
  const badges = badgesOf(props.dish, words);
  return badges.length === 0 ? null : <BadgeList badges={badges} />;
}

type Labelling = PublicRestaurant['labelling'];

const factsOf = (dish: PublicDish, labelling: Labelling, words: MenuWords): string[] =>
  [
    calorieText(dish, labelling, words),
    dish.alcoholPercentage ? words.alcohol(dish.alcoholPercentage) : null,
  ].filter((fact): fact is string => fact !== null);

export function Facts(props: { dish: PublicDish; labelling: Labelling }) {
  const facts = factsOf(props.dish, props.labelling, useWords());
  return facts.length === 0 ? null : <p className="cm-facts">{facts.join(' · ')}</p>;
}

/** Calories (as the labelling rules write them), alcohol and dietary tags on one wrapping line. */
export function DishMeta(props: { menu: PublicMenu; dish: PublicDish; labelling: Labelling }) {
  const words = useWords();
  const facts = factsOf(props.dish, props.labelling, words);
  const badges = props.menu.displayDietary ? badgesOf(props.dish, words) : [];
  if (facts.length === 0 && badges.length === 0) return null;
  return (
    <div className="cm-meta">
      {facts.length > 0 ? <span className="cm-facts">{facts.join(' · ')}</span> : null}
      {badges.length > 0 ? <BadgeList badges={badges} /> : null}
    </div>
  );
}

/**
 * A dish's regulated allergens in words, one short line (issue 23 §3): "Contains: …" and "May
 * contain: …" apart, "None of the 14 regulated allergens", or "Allergens not declared — ask the
 * staff". Shown under EU and UK rules whatever the menu's "display dietary" switch, elsewhere with it.
 */
export function Allergens(props: {
  menu: Pick<PublicMenu, 'displayDietary'>;
  restaurant: Pick<PublicRestaurant, 'labelling'>;
  dish: PublicDish;
}) {
  const words = useWords();
  if (!showsAllergens(props.menu, props.restaurant)) return null;
  const parts = allergenParts(props.dish.allergens, words);
  return (
    <p className={cx('cm-al', !props.dish.allergens.declared && 'cm-al--unknown')}>
      {parts.map((part) => (
        <span key={part.kind}>{part.text}</span>
      ))}
    </p>
  );
}

/** The sentences the restaurant's rules ask the page to show, in their exact wording, once. */
export function LabellingNotes(props: { restaurant: Pick<PublicRestaurant, 'labelling'> }) {
  const sentences = pageSentences(props.restaurant.labelling);
  if (sentences.length === 0) return null;
  return (
    <div className="cm-notes">
      {sentences.map((sentence) => (
        <p key={sentence}>{sentence}</p>
      ))}
    </div>
  );
}

/** The upsell line of a list (doc 1 §3: side dishes under the restaurant's own label); prices are on the dish page. */
export function SideDishes(props: { page: MenuPage; dish: PublicDish }) {
  const { page, dish } = props;
  if (!page.menu.displaySideDishes || dish.sideDishes.length === 0) return null;
  const label = page.data.restaurant.sideDishesLabel.trim() || 'Side Dishes';
  return (
    <p className="cm-sides">
      <span className="cm-sides-label">{`${label}:`}</span>
      {` ${dish.sideDishes.map((side) => side.name).join(', ')}`}
    </p>
  );
}

/** Why a dish is greyed: kept at full contrast outside the dimmed part. */
export function GreyedNote(props: { match: DishMatch | DinerMatch }) {
  const note = greyedNote(props.match, useWords());
  return note === null ? null : <p className="cm-why">{note}</p>;
}

// ---------- restaurant pieces ----------

const emailPattern = /^[^\s@,?&]+@[^\s@,?&]+$/;

/**
 * The issue-report block (doc 1 §3: title, content, mail links; doc 1 §2: subjects ISSUE REPORT and
 * INQUIRY). A menu's own block, or, where no menu is shown (the chooser), the restaurant's: mail to
 * the owner (the customer answer's `user.email`).
 */
export function ReportIssue(props: { page: Page; menu: PublicMenu | null }) {
  const words = useWords();
  const { page, menu } = props;
  const { title, content, emails } = menu?.showCTA ?? { title: '', content: '', emails: [] };
  const to = emails.map((email) => email.trim()).filter((email) => emailPattern.test(email));
  const fallback = page.data.user?.email;
  if (to.length === 0 && fallback && emailPattern.test(fallback)) to.push(fallback);
  if (!title.trim() && !content.trim() && to.length === 0) return null;
  const about = menu ? `${menu.name} — ${page.data.restaurant.name}` : page.data.restaurant.name;
  const body = encodeURIComponent(`${about}\n\n`);
  const mailto = (subject: string) =>
    `mailto:${to.join(',')}?subject=${encodeURIComponent(subject)}&body=${body}`;
  // A new menu's default title and note are ours: said in the page's language (issue 24).
  const translated = words.lang !== 'en';
  const heading =
    translated && title.trim() === defaultMenuCta.title
      ? words.reportIssue
      : title.trim() || words.reportIssue;
  const note = translated && content.trim() === defaultMenuCta.content ? words.pricesNote : content;
  // The owner's words stay as written; a title in capitals is shown in sentence case (CSS only),
  // so the block reads as an invitation rather than a notice, our line leads, theirs follows.
  const shouting = heading === heading.toUpperCase() && /[A-Z]/.test(heading);
  return (
    <section className="cm-report" aria-labelledby="cm-report-title">
      <h2 id="cm-report-title" className={cx('cm-report-title', shouting && 'cm-report-title--caps')}>
        {heading}
      </h2>
      {to.length > 0 ? <p className="cm-report-intro">{words.reportIntro}</p> : null}
      {to.length > 0 ? (
        <p className="cm-report-links">
          <a href={mailto(words.issueSubject)}>{words.reportIssue}</a>
          <a href={mailto(words.inquirySubject)}>{words.sendInquiry}</a>
        </p>
      ) : null}
      {note.trim() ? <p className="cm-report-note">{note}</p> : null}
    </section>
  );
}

/** The restaurant's description (doc 2 §3: sanitized rich text), under its name. */
export function About(props: { restaurant: PublicRestaurant; className?: string }) {
  if (plainText(props.restaurant.description) === '') return null;
  return (
    <div className={cx('cm-about', props.className)}>
      <RichText html={props.restaurant.description} className="cm-about-text" />
    </div>
  );
}

const icons: Record<string, ReactNode> = {
  facebook: <path d="M14 8h3V4h-3c-2.8 0-4 1.7-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.6c0-.4.3-.6.6-.6Z" />,
  instagram: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="17.3" cy="6.7" r="1.2" />
    </>
  ),
  twitter: <path d="M4 4h4.5l4 5.6L17.3 4H20l-6.3 7.3L20.5 20H16l-4.4-6-5.3 6H3.6l6.8-7.7Z" />,
  yelp: (
    <path d="M12.6 3.2c-.1-.6-.7-1-1.3-.9-1.3.3-3.7 1.1-4.4 1.6-.5.4-.6 1-.3 1.5l4 6.6c.6 1 2.1.6 2.1-.6Zm1.5 9.4 3.8-1.2c.6-.2.9-.8.7-1.4-.4-1-1.2-2.2-1.9-2.8-.5-.4-1.2-.3-1.6.2l-2.3 3.3c-.6.9.3 2.2 1.3 1.9Zm-.5 2 3.4 2.3c.5.3 1.2.2 1.5-.3.6-.9 1.1-2.2 1.2-3.2 0-.6-.5-1.1-1.1-1.1l-4.1.4c-1.1.1-1.5 1.6-.6 2.1Zm-2.2.4-.2 4.1c0 .6.5 1.1 1.1 1.1 1 0 2.4-.5 3.3-1 .5-.3.7-1 .3-1.5l-2.6-3.2c-.7-.8-2-.4-2 .5Zm-1.6-1.7-3.9-1.6c-.6-.2-1.2 0-1.4.6-.3 1-.4 2.3-.3 3.3.1.6.7 1 1.3.8l4-1.2c1-.3 1.1-1.6.3-1.9Z" />
  ),
  website: (
    <>
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M3 12h18M12 3c2.5 2.6 3.6 5.6 3.6 9s-1.1 6.4-3.6 9c-2.5-2.6-3.6-5.6-3.6-9S9.5 5.6 12 3Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
    </>
  ),
};

/** A social network's icon, drawn inline (the public page makes no request for it). */
export function SocialIcon(props: { media: string; size?: number }) {
  const size = props.size ?? 22;
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      fill="currentColor"
      focusable="false"
    >
      {icons[props.media] ?? icons.website}
    </svg>
  );
}

export function SocialLinks(props: { restaurant: PublicRestaurant }) {
  const words = useWords();
  const links = props.restaurant.social
    .map((entry) => ({ media: entry.media.toLowerCase(), url: webAddress(entry.url) }))
    .filter((entry): entry is { media: string; url: string } => entry.url !== null);
  if (links.length === 0) return null;
  return (
    <ul className="cm-social" aria-label={words.followUs}>
      {links.map((link) => (
        <li key={`${link.media}:${link.url}`}>
          <a href={link.url} rel="noopener" target="_blank">
            <span className="cm-vh">{socialLabels[link.media] ?? link.media}</span>
            <SocialIcon media={link.media} />
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The restaurant's call-to-action button (doc 2 §3: type, label, link, newTab, colour, light text,
 * enabled). Its colour is one of the shown menu's three; its text is the owner's light or dark
 * choice unless that would be unreadable on the colour (doc 1 §5).
 */
export function CtaButton(props: { page: MenuPage }) {
  const cta = props.page.data.restaurant.cta;
  if (!cta?.enabled) return null;
  const href = ctaHref(cta);
  if (!href) return null;
  const background = props.page.theme.colors[cta.color] ?? props.page.theme.colors.primary;
  const wanted = cta.lightText ? '#ffffff' : '#000000';
  const color = contrastRatio(wanted, background) >= 4.5 ? wanted : textOn(background);
  return (
    <a
      className="cm-cta"
      href={href}
      style={{ background, color }}
      {...(cta.newTab && !href.startsWith('tel:') ? { target: '_blank', rel: 'noopener' } : {})}
    >
      {ctaLabel(cta)}
    </a>
  );
}

/** Tabs between the menus served now (doc 2 §2: the diner may switch between menus). */
export function MenuSwitcher(props: { page: MenuPage }) {
  const words = useWords();
  const { page } = props;
  const menus = page.data.menus;
  if (menus.length < 2) return null;
  return (
    <nav className="cm-switcher" aria-label={words.menus}>
      <ul>
        {menus.map((menu) => (
          <li key={menu._id}>
            <ViewLink
              page={page}
              to={{ kind: 'menu', menuId: menu._id }}
              aria-current={menu._id === page.menu._id ? 'page' : undefined}
            >
              {menu.name}
            </ViewLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function CategoryNav(props: { page: MenuPage }) {
  const words = useWords();
  const { page } = props;
  const categories = page.menu.categories.filter((category) => category.dishes.length > 0);
  if (categories.length < 2) return null;
  return (
    <nav className="cm-catnav" aria-label={words.categories}>
      <ul>
        {categories.map((category) => (
          <li key={category._id}>
            <AnchorLink page={page} target={categoryAnchor(category._id)}>
              {category.name}
            </AnchorLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
