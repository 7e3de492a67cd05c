/**
 * What other features use of the auth feature: the fields and form of a new account opened from a
 * mailed link (the link's page itself is ui/mailed-link-page.tsx).
 */
export {
  NewAccountFields,
  NewAccountLinkForm,
  type NewAccountValues,
  newAccountPayload,
  newAccountServerFields,
  useNewAccountForm,
} from './new-account-fields.tsx';
