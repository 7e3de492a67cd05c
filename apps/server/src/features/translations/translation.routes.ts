import {
  translationImportResultSchema,
  translationListSchema,
  translationSaveResultSchema,
  translationSummarySchema,
  translationWriteSchema,
} from '@carte/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ForbiddenError, InvalidError } from '../../core/errors.ts';
import { readUploadedFile } from '../../core/uploaded-file.ts';
import { callerOf } from '../../http/auth.ts';
import { ok, responses } from '../../http/envelope.ts';
import { readForm } from '../../http/form.ts';
import type { TranslationService } from './translation.service.ts';
import { readTranslationFile, translationsCsv, translationsXliff } from './translation-files.ts';

/** onRequest: the translation screen needs the restaurant or the menu flag (decisions, issue 24). */
async function requireTranslator(request: FastifyRequest): Promise<void> {
  const caller = callerOf(request);
  if (!caller.restaurantId || !(caller.permissions.restaurant || caller.permissions.menu))
    throw new ForbiddenError();
}

const langParams = z.object({ lang: z.string().min(1).max(20) });

/** /api/translations (issue 24 §3): the caller's own texts in one of its other languages. */
export const translationRoutes: FastifyPluginAsyncZod<{ translations: TranslationService }> = async (
  app,
  { translations },
) => {
  const tags = ['translations'];
  const security = [{ bearer: [] }];
  const guard = { onRequest: [app.authenticate, requireTranslator] };
  const failures = [400, 401, 403, 404, 417];

  app.get(
    '/',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary: 'What is left to translate, per other language',
        description:
          "For each of the restaurant's other languages, how many of its own texts are missing a translation, have a stale one (its source changed since) or a machine draft not yet accepted. Empty when the restaurant has no other languages.",
        response: responses(translationSummarySchema, [401, 403, 417]),
      },
    },
    async (request) => ok(await translations.summary(callerOf(request))),
  );

  app.get(
    '/:lang',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary: "Every translatable text of the caller's own restaurant in one of its other languages",
        description:
          "`lang` must be one of the restaurant's other languages (400 otherwise). Rows `{kind, id, field, label, source, translation, state, rich, menus}` for the restaurant's own texts (its description, call to action, filter card and dietary tags), its menus, categories, dishes (a dish's own customizations as `custom.{customizationId}.name` and `custom.{customizationId}.option.{optionId}`), ingredients and restaurant-wide customizations; `state` is missing, stale (the source changed since), machine (a draft not yet accepted) or done; `menus` the caller's menus the text appears in. A location's inherited records are its parent's and are not listed. With `counts` per state, the restaurant's `languages` and its `menus`.",
        params: langParams,
        response: responses(translationListSchema, failures),
      },
    },
    async (request) => ok(await translations.list(callerOf(request), request.params.lang)),
  );

  app.put(
    '/:lang',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary: 'Save translations (typed by a person) or accept machine drafts',
        description:
          "`items: [{kind, id, field, text, accept?}]`, at most 500. A text is saved as a person's translation of the current source; an empty text removes the translation; a text sent unchanged keeps its source (a stale translation stays stale). `accept: true` keeps the stored text: a machine draft loses its mark, a stale translation is confirmed for the current source. Only the caller's own records: another restaurant's id answers 404, a location's inherited record 403, a field the record does not have 400 — and nothing changes (one transaction). Answers the saved rows' states and the new counts.",
        params: langParams,
        body: translationWriteSchema,
        response: responses(translationSaveResultSchema, failures),
      },
    },
    async (request) => ok(await translations.save(callerOf(request), request.params.lang, request.body)),
  );

  const { 200: _, ...fileFailures } = responses(translationSummarySchema, failures);
  const send = (reply: FastifyReply, name: string, type: string, body: string) =>
    reply
      .header('cache-control', 'private, no-cache')
      .header('content-disposition', `attachment; filename="${name}"`)
      .type(type)
      .send(body);

  app.get(
    '/:lang/export.csv',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary: 'The texts and their translations as a CSV file that imports back',
        description:
          "UTF-8, header `kind,id,field,source,translation`, one row per text (translated or not). A cell a spreadsheet would take for a formula starts with `'` (the import drops it). Answers the file (attachment), not the envelope.",
        params: langParams,
        produces: ['text/csv'],
        response: fileFailures,
      },
    },
    async (request, reply) => {
      const { lang } = request.params;
      const { rows } = await translations.exportRows(callerOf(request), lang);
      return send(reply, `translations-${lang}.csv`, 'text/csv; charset=utf-8', translationsCsv(rows));
    },
  );

  app.get(
    '/:lang/export.xliff',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary: 'The texts and their translations as an XLIFF 2.0 file that imports back',
        description:
          'XLIFF 2.0 with `srcLang` (the default language) and `trgLang`; one `<file>`, one `<unit id="kind:id:field">` per text with `<segment><source>` and, when translated, `<target>`; rich text is escaped as text, so its markup survives. Answers the file (attachment), not the envelope.',
        params: langParams,
        produces: ['application/xliff+xml'],
        response: fileFailures,
      },
    },
    async (request, reply) => {
      const { lang } = request.params;
      const { languages, rows } = await translations.exportRows(callerOf(request), lang);
      return send(
        reply,
        `translations-${lang}.xliff`,
        'application/xliff+xml; charset=utf-8',
        translationsXliff(rows, languages.default, lang),
      );
    },
  );

  app.post(
    '/:lang/import',
    {
      ...guard,
      schema: {
        tags,
        security,
        summary: 'Import translations from a CSV or XLIFF file',
        description:
          "multipart/form-data with the file in field `file`: a CSV (`kind,id,field,source,translation`; the source column is not read) or an XLIFF file (units `kind:id:field` with a `<target>`), told apart by content. Rows naming the caller's own records are saved as a person's translations in one transaction; rows it cannot match (unknown kind or id, another restaurant's or the parent's id, a field the record does not have, an empty translation) are reported in `unmatched` with their line (CSV, the header is line 1) or unit id, and change nothing.",
        params: langParams,
        consumes: ['multipart/form-data'],
        response: responses(translationImportResultSchema, failures),
      },
    },
    async (request) => {
      const { files } = await readForm(request, { files: ['file'] });
      if (!files.file) throw new InvalidError('Choose a CSV or XLIFF file to import');
      const { items, problems } = readTranslationFile(await readUploadedFile(files.file));
      return ok(await translations.importRows(callerOf(request), request.params.lang, items, problems));
    },
  );
};
