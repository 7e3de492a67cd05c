/**
 * What other features use of the auth feature: the card every signed-out page is drawn in, the
 * states of a page opened from a mailed link, and the fields of a new account opened from one.
 */
export { AuthCard } from './auth-card.tsx';
export { InvalidLinkCard, LinkLoading } from './link-page.tsx';
export {
  NewAccountFields,
  type NewAccountValues,
  newAccountServerFields,
} from './new-account-fields.tsx';
