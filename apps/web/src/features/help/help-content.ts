import csvDocuments from './content/csv-documents.md?raw';
import help from './content/help.md?raw';
import qrCodes from './content/qr-codes.md?raw';
import sideDishes from './content/side-dishes.md?raw';
import uploadingImages from './content/uploading-images.md?raw';
import usingCustomizations from './content/using-customizations.md?raw';
import type { HelpSlug } from './topics.ts';

/** Each help page's Markdown, bundled with the help chunk (content/README.md says how to edit it). */
export const helpContent: Record<HelpSlug, string> = {
  '': help,
  'side-dishes': sideDishes,
  'csv-documents': csvDocuments,
  'uploading-images': uploadingImages,
  'using-customizations': usingCustomizations,
  'qr-codes': qrCodes,
};
