/**
 * The pages of the help pop-up (doc 1 §2), in its order. Titles are the specification's; each page's
 * text is a Markdown file under content/ (help-content.ts), loaded only with the help pages.
 */
export const helpTopics = [
  { slug: '', title: 'Help' },
  { slug: 'side-dishes', title: 'Side Dishes' },
  { slug: 'csv-documents', title: 'CSV Documents' },
  { slug: 'uploading-images', title: 'Uploading Images' },
  { slug: 'using-customizations', title: 'Using Customizations' },
  { slug: 'qr-codes', title: 'QR Codes' },
] as const;

export type HelpTopic = (typeof helpTopics)[number];
export type HelpSlug = HelpTopic['slug'];

/** /help for the overview, /help/{slug} for the others. */
export const helpPath = (topic: Pick<HelpTopic, 'slug'>): string =>
  topic.slug ? `/help/${topic.slug}` : '/help';

export const findHelpTopic = (slug: string | undefined): HelpTopic | undefined =>
  helpTopics.find((topic) => topic.slug === (slug ?? ''));
