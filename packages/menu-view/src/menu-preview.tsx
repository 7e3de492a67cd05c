/** @jsxRuntime automatic @jsxImportSource react */
import {
  type CustomerMenu,
  type DinerFilterState,
  emptyFilterState,
  type ImageVariants,
  type PublicMenu,
  type PublicRestaurant,
} from '@carte/domain';
import { useState } from 'react';
import { PublicMenuApp } from './public-menu-app.tsx';
import { menuViewCss } from './styles.ts';
import type { PublicMenuView } from './types.ts';
import { resolvePage } from './urls.ts';

const noFilters: DinerFilterState = emptyFilterState();

export interface MenuPreviewProps {
  /** The menu as the diner would get it, built from the form's current (unsaved) values. */
  menu: PublicMenu;
  restaurant: PublicRestaurant;
  /** The owner's email, for the issue-report block when the form lists none. */
  ownerEmail?: string | null;
  /** Adds the stylesheet (default true); pass false when the page already has `menuViewCss`. */
  withStyles?: boolean;
}

/** One picture URL in every size (for a file picked in the form: `URL.createObjectURL(file)`). */
export const previewImage = (url: string): ImageVariants => ({ thumb: url, card: url, full: url });

/**
 * The owner's live preview (doc 1 §9: a 450 px panel): the public menu drawn from unsaved form
 * values, with the diner's links, dish pages and filters working inside the panel, and no fetching.
 * The layout reacts to the panel's width (container queries), not the window's.
 */
export function MenuPreview(props: MenuPreviewProps) {
  const { menu, restaurant } = props;
  const [view, setView] = useState<PublicMenuView>({ kind: 'menu', menuId: menu._id });
  const [filters, setFilters] = useState<DinerFilterState>(noFilters);
  const data: CustomerMenu = {
    restaurant,
    menus: [menu],
    menusTimeline: [],
    menu_period_transition: 0,
    menuNotFound: false,
    user: props.ownerEmail ? { email: props.ownerEmail } : null,
    parentRestaurant: null,
    generatedAt: '1970-01-01T00:00:00.000Z',
  };
  // A dish of another menu id (the form's menu changed) falls back to the menu itself.
  const shown: PublicMenuView =
    (view.kind === 'menu' || view.kind === 'dish') && view.menuId === menu._id
      ? view
      : { kind: 'menu', menuId: menu._id };
  return (
    <div className="cm-preview">
      {props.withStyles === false ? null : <style>{menuViewCss}</style>}
      <PublicMenuApp
        data={data}
        view={shown}
        filters={filters}
        baseUrl=""
        embedded
        onNavigate={(next, href) => {
          setView(next.kind === 'print' ? { kind: 'menu', menuId: menu._id } : next);
          // A menu link carries its filters in the query (the "back" link keeps them, "clear" drops them).
          if (next.kind === 'menu') {
            const url = new URL(href, 'https://preview.invalid');
            setFilters(resolvePage(data, url.pathname, url.search).filters);
          }
        }}
        onFiltersChange={(next) => setFilters(next)}
      />
    </div>
  );
}
