/**
 * The admin-editable mail templates (doc 3 §2.6) and the placeholders their subject and body may use.
 * Every mail Carte sends is rendered from one of these templates (decisions §4). The server seeds each
 * template with a default subject and body; admins edit them at /admin/edit-email-template.
 *
 * Placeholder syntax: `{{name}}`, spaces allowed inside the braces (`{{ user.firstName }}`). Unknown or
 * missing placeholders render as nothing. In the body every value is HTML-escaped.
 */

export const mailTemplateGroups = ['User', 'Admin', 'Member', 'Subscription', 'DMA'] as const;
export type MailTemplateGroup = (typeof mailTemplateGroups)[number];

/** How long the link of a mail stays valid (decisions §4). */
export const mailLinkLifetimes = {
  verification: { hours: 24, label: '24 hours' },
  reset: { hours: 1, label: '1 hour' },
  invitation: { hours: 7 * 24, label: '7 days' },
} as const;
export type MailLinkKind = keyof typeof mailLinkLifetimes;

export const mailPlaceholderGroups = [
  'General',
  'User',
  'Restaurant',
  'New owner',
  'Member',
  'Invoice',
  'Reseller',
  'Reseller client',
] as const;
export type MailPlaceholderGroup = (typeof mailPlaceholderGroups)[number];

export interface MailPlaceholder {
  /** Written in a template as `{{key}}`. */
  key: string;
  group: MailPlaceholderGroup;
  label: string;
  /** Shown in the editor's side panel and used for previews. */
  example: string;
}

/**
 * The side panel of the template editor (doc 3 §2.6). `user.*` is the account a mail is about: the
 * recipient of account mails, the owner in member and ownership mails, the reseller in DMA mails.
 */
export const mailPlaceholders = [
  { key: 'appName', group: 'General', label: 'Product name', example: 'Carte' },
  { key: 'publicUrl', group: 'General', label: 'Address of the site', example: 'https://carte.example.com' },
  {
    key: 'recipientEmail',
    group: 'General',
    label: 'Address this mail is sent to',
    example: 'ann@example.com',
  },
  {
    key: 'link',
    group: 'General',
    label:
      'Link of the mail: the current process (verification, reset, invitation…) or the page to open. Secret: only as the whole address of a link, <a href="{{link}}">',
    example: 'https://carte.example.com/user-verify-account?token=3f9a…',
  },
  {
    key: 'token',
    group: 'General',
    label: 'Token of the current process. Secret: never shown (it is inside {{link}})',
    example: '3f9a2c…',
  },
  { key: 'expiresIn', group: 'General', label: 'How long the link stays valid', example: '24 hours' },

  { key: 'user.firstName', group: 'User', label: 'User first name', example: 'Ann' },
  { key: 'user.lastName', group: 'User', label: 'User last name', example: 'Lee' },
  { key: 'user.username', group: 'User', label: 'User username', example: 'annlee' },
  { key: 'user.email', group: 'User', label: 'User email', example: 'ann@example.com' },
  { key: 'user.phoneNumber', group: 'User', label: 'User phone number', example: '+1 202 555 0143' },
  {
    key: 'usernames',
    group: 'User',
    label: 'Every username held under this email, with its restaurant (forgot username)',
    example: 'annlee (Blue Harbour Café), annlee-truck (Harbour Truck)',
  },
  {
    key: 'newEmail',
    group: 'User',
    label: 'The new email address asked for (email change)',
    example: 'ann.lee@example.org',
  },

  { key: 'restaurant.name', group: 'Restaurant', label: 'Restaurant name', example: 'Blue Harbour Café' },
  { key: 'restaurant.type', group: 'Restaurant', label: 'Restaurant or food truck', example: 'Restaurant' },
  {
    key: 'restaurant.locations',
    group: 'Restaurant',
    label: 'A sentence naming its locations that changed hands with it (empty when none)',
    example: 'Its locations Harbour Street and Old Town went with it.',
  },

  { key: 'newOwner.firstName', group: 'New owner', label: 'New owner first name', example: 'Sam' },
  { key: 'newOwner.lastName', group: 'New owner', label: 'New owner last name', example: 'Ortiz' },
  { key: 'newOwner.username', group: 'New owner', label: 'New owner username', example: 'samortiz' },
  { key: 'newOwner.email', group: 'New owner', label: 'New owner email', example: 'sam@example.com' },

  { key: 'member.firstName', group: 'Member', label: 'Member first name', example: 'Noor' },
  { key: 'member.lastName', group: 'Member', label: 'Member last name', example: 'Haddad' },
  { key: 'member.username', group: 'Member', label: 'Member username', example: 'noorh' },
  { key: 'member.email', group: 'Member', label: 'Member email', example: 'noor@example.com' },

  {
    key: 'invoice.url',
    group: 'Invoice',
    label: 'Payment provider invoice URL',
    example: 'https://invoice.stripe.com/i/acct_…',
  },
  {
    key: 'invoice.pdf',
    group: 'Invoice',
    label: 'Invoice PDF',
    example: 'https://pay.stripe.com/invoice/…/pdf',
  },
  { key: 'invoice.customerName', group: 'Invoice', label: 'Customer name', example: 'Ann Lee' },

  { key: 'dma.companyName', group: 'Reseller', label: 'Reseller company name', example: 'Menu Partners Ltd' },

  { key: 'client.email', group: 'Reseller client', label: 'Client email', example: 'owner@example.com' },
  { key: 'client.username', group: 'Reseller client', label: 'Client username', example: 'harbourcafe' },
] as const satisfies readonly MailPlaceholder[];

export type MailPlaceholderName = (typeof mailPlaceholders)[number]['key'];

/**
 * The secret placeholders: their value opens an account or completes a process (a one-use link, its
 * token), so whoever reads it can act as the recipient (issue 20). In a template they render only as
 * the whole `href` of a link to Carte's own address (`<a href="{{link}}">`, and as the text of that
 * same link); anywhere else — text, another attribute, part of an address, an image, the subject —
 * they render as nothing, and saving such a template is refused. A `{{a|b}}` chain naming one of them
 * is secret as a whole.
 */
export const mailSecretPlaceholders = ['link', 'token'] as const satisfies readonly MailPlaceholderName[];

export const isMailSecretPlaceholder = (name: string): boolean =>
  (mailSecretPlaceholders as readonly string[]).includes(name.trim());

/** The secret placeholders whose value is an address (the others, a bare token, never render). */
export const mailSecretAddressPlaceholders: readonly (typeof mailSecretPlaceholders)[number][] = ['link'];

/** Values for a template's placeholders, keyed by placeholder name. Missing ones render as nothing. */
export type MailVars = Partial<Record<MailPlaceholderName, string>>;

export interface MailTemplateInfo {
  name: string;
  group: MailTemplateGroup;
  title: string;
  /** What it is for and when it is sent. */
  description: string;
  /** Set when the mail carries a link with a lifetime; `{{expiresIn}}` is filled from it. */
  link: MailLinkKind | null;
  /** The placeholders that have a value when this mail is sent (besides the General ones). */
  placeholders: readonly MailPlaceholderName[];
  /**
   * Sent only to staff (admins, the super admin): always rendered from the built-in template, as
   * every mail to a staff address is (issue 20), so an edit of it changes no mail.
   */
  toStaff?: true;
}

const userFields = [
  'user.firstName',
  'user.lastName',
  'user.username',
  'user.email',
  'user.phoneNumber',
] as const;
const memberFields = ['member.firstName', 'member.lastName', 'member.username', 'member.email'] as const;
const invoiceFields = ['invoice.url', 'invoice.pdf', 'invoice.customerName'] as const;
const clientFields = ['client.email', 'client.username'] as const;
const newOwnerFields = [
  'newOwner.firstName',
  'newOwner.lastName',
  'newOwner.username',
  'newOwner.email',
] as const;

export const mailTemplateCatalogue = [
  // User
  {
    name: 'new-account-creation-notify',
    group: 'User',
    title: 'New account registered',
    description:
      'Sent to the super admin when someone registers a new owner account, with the account details and a link to the admin panel.',
    link: null,
    toStaff: true,
    placeholders: [...userFields, 'restaurant.name', 'restaurant.type'],
  },
  {
    name: 'user-verify-account',
    group: 'User',
    title: 'Verify your account',
    description:
      'Sent after registration, and again when the person asks for a new confirmation mail. Links to the account verification page.',
    link: 'verification',
    placeholders: [...userFields, 'restaurant.name'],
  },
  {
    name: 'user-forgot-password',
    group: 'User',
    title: 'Reset your password',
    description:
      'Sent when someone asks to reset a forgotten password. Links to the page where a new password is set.',
    link: 'reset',
    placeholders: [...userFields],
  },
  {
    name: 'user-forgot-username',
    group: 'User',
    title: 'Your username',
    description:
      'Sent when someone asks for a forgotten username. Lists every username held under the email address, with a link to sign in.',
    link: null,
    placeholders: [...userFields, 'usernames'],
  },
  {
    name: 'email-change-verify',
    group: 'User',
    title: 'Confirm your new email address',
    description:
      'Sent to the new address when someone changes the email of their account. The change happens only once this link is opened.',
    link: 'verification',
    placeholders: [...userFields, 'newEmail'],
  },
  {
    name: 'email-change-notice',
    group: 'User',
    title: 'Your email address is being changed',
    description:
      'Sent to the current address when a change of email is asked for, so the owner can react if it was not them.',
    link: null,
    placeholders: [...userFields, 'newEmail'],
  },
  {
    name: 'transfer-ownership',
    group: 'User',
    title: 'Restaurant ownership transfer',
    description:
      'Sent to the person an owner wants to hand their restaurant to. Links to the page where they accept the ownership and complete their account.',
    link: 'invitation',
    placeholders: [...userFields, 'restaurant.name', ...newOwnerFields],
  },
  {
    name: 'transfer-completed',
    group: 'User',
    title: 'Your restaurant has a new owner',
    description:
      'Sent to the former owner when the person they invited accepts the ownership of their restaurant (and of its locations held by the same owner). Their accounts of those restaurants are closed.',
    link: null,
    placeholders: [...userFields, 'restaurant.name', 'restaurant.locations', ...newOwnerFields],
  },
  // Admin
  {
    name: 'admin-created',
    group: 'Admin',
    title: 'Admin invitation',
    description:
      'Sent to a new admin added by the super admin, and again when the invitation is resent. Links to the page where they complete their admin account.',
    link: 'invitation',
    toStaff: true,
    placeholders: [...userFields],
  },
  {
    name: 'dma-deleted',
    group: 'Admin',
    title: 'Reseller account deleted',
    description: 'Sent to a reseller (DMA) when an admin deletes their reseller account.',
    link: null,
    placeholders: [...userFields, 'dma.companyName'],
  },
  // Member
  {
    name: 'member-created',
    group: 'Member',
    title: 'Team invitation',
    description:
      'Sent to a person an owner adds as a member of their restaurant, and again when the invitation is resent. Links to the page where they complete their member account.',
    link: 'invitation',
    placeholders: [...userFields, 'restaurant.name', ...memberFields],
  },
  {
    name: 'member-created-already-verified',
    group: 'Member',
    title: 'Added to a team',
    description:
      'Sent instead of the team invitation when the new member’s email already belongs to an account: they sign in to it and accept the invitation, or create a separate account. Nothing is linked before they accept.',
    link: 'invitation',
    placeholders: [...userFields, 'restaurant.name', ...memberFields],
  },
  // Subscription
  {
    name: 'invoice-payment-succeeded',
    group: 'Subscription',
    title: 'Payment received',
    description:
      'Sent to the paying account when a subscription invoice has been paid, with links to the invoice.',
    link: null,
    placeholders: [...userFields, 'restaurant.name', ...invoiceFields],
  },
  {
    name: 'invoice-payment-failed',
    group: 'Subscription',
    title: 'Payment failed',
    description:
      'Sent to the paying account when a subscription payment fails, with a link to the invoice so the card can be updated before menus are unpublished.',
    link: null,
    placeholders: [...userFields, 'restaurant.name', ...invoiceFields],
  },
  // DMA
  {
    name: 'dma-register',
    group: 'DMA',
    title: 'Reseller invitation',
    description:
      'Sent to a prospective reseller (DMA) invited by an admin. Links to the reseller registration page.',
    link: 'invitation',
    placeholders: [],
  },
  {
    name: 'notify-admin-dma-created',
    group: 'DMA',
    title: 'New reseller registered',
    description: 'Sent to the platform admins when an invited reseller completes their registration.',
    link: null,
    toStaff: true,
    placeholders: [...userFields, 'dma.companyName'],
  },
  {
    name: 'dma-client-added',
    group: 'DMA',
    title: 'Client invitation',
    description:
      'Sent to a restaurant owner a reseller invites as a client (Add license). Links to the page where they accept or reject the invitation.',
    link: 'invitation',
    placeholders: [...userFields, 'dma.companyName', 'restaurant.name', ...clientFields],
  },
  {
    name: 'dma-client-accepted-invitation',
    group: 'DMA',
    title: 'Client accepted the invitation',
    description: 'Sent to a reseller when a client accepts their invitation.',
    link: null,
    placeholders: [...userFields, 'dma.companyName', 'restaurant.name', ...clientFields],
  },
  {
    name: 'dma-client-rejected-invitation',
    group: 'DMA',
    title: 'Client rejected the invitation',
    description: 'Sent to a reseller when a client rejects their invitation.',
    link: null,
    placeholders: [...userFields, 'dma.companyName', 'restaurant.name', ...clientFields],
  },
  {
    name: 'dma-client-deleted',
    group: 'DMA',
    title: 'Client account deleted',
    description:
      'Sent to a client when their reseller (or an admin) deletes the client account and its subscription.',
    link: null,
    placeholders: [...userFields, 'dma.companyName', 'restaurant.name', ...clientFields],
  },
] as const satisfies readonly MailTemplateInfo[];

export type MailTemplateName = (typeof mailTemplateCatalogue)[number]['name'];

export const mailTemplateNames: readonly MailTemplateName[] = mailTemplateCatalogue.map(
  (template) => template.name,
);

export const isMailTemplateName = (value: unknown): value is MailTemplateName =>
  typeof value === 'string' && (mailTemplateNames as readonly string[]).includes(value);

export function mailTemplateInfo(name: MailTemplateName): MailTemplateInfo {
  const info = mailTemplateCatalogue.find((template) => template.name === name);
  if (!info) throw new Error(`Unknown mail template ${name}`);
  return info;
}
