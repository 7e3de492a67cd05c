import type { CustomerMenu, DinerFilterState, PublicMenu } from '@carte/domain';
import type { FilterChoices } from './filtering.ts';
import type { ResolvedTheme } from './theme.ts';
import type { PublicMenuView } from './types.ts';
import type { LinkContext } from './urls.ts';

/** What every part of a screen reads: the data, how to link, and the diner's choices. */
export interface Page {
  data: CustomerMenu;
  links: LinkContext;
  filters: DinerFilterState;
  onNavigate?: ((view: PublicMenuView, href: string) => void) | undefined;
  onFiltersChange?: ((filters: DinerFilterState, href: string) => void) | undefined;
  embedded: boolean;
  /** The screen shown (the language switch links to it in each language). */
  view?: PublicMenuView;
}

/** A menu screen's extra context. */
export interface MenuPage extends Page {
  menu: PublicMenu;
  theme: ResolvedTheme;
  choices: FilterChoices | null;
}
