import { csvResultSchema, messages } from '@carte/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InvalidError, NotFoundError } from '../../core/errors.ts';
import { readUploadedFile } from '../../core/uploaded-file.ts';
import { isId } from '../../db/ids.ts';
import { callerOf } from '../../http/auth.ts';
import { ok, responses } from '../../http/envelope.ts';
import { readForm } from '../../http/form.ts';
import { requirePermission } from '../../http/permissions.ts';
import type { CsvExportService } from './csv-export.ts';
import { DISH_COLUMNS, INGREDIENT_COLUMNS } from './csv-export.ts';
import type { CsvImportService } from './csv-import.service.ts';

/**
 * The uploaded file of doc 1 §7 (multipart, field `csv`) with the messages of doc 1 §5: none
 * chosen, or a name that does not end in .csv.
 */
async function readCsvUpload(request: FastifyRequest) {
  const { fields, files } = await readForm(request, { files: ['csv'] });
  const file = files.csv;
  if (!file) throw new InvalidError(messages.csvRequired);
  if (!/\.csv$/i.test(file.filename.trim())) throw new InvalidError(messages.csvInvalid);
  return { file: await readUploadedFile(file), fields };
}

const description = (area: string, format: string) =>
  `multipart/form-data with the file in field \`csv\` (UTF-8, header row, comma separated, quoted fields allowed, lists inside a cell separated by \`|\`; allergens — \`contains\` (or \`allergens\`) and \`mayContain\` (or \`may contain\`) — by key or English name, separated by \`;\` or \`|\`, an unknown word a problem of its row). Columns: \`${format}\`; template at GET /templates/${area}.csv. Valid rows are written in one transaction; the answer lists names that exist already (ignored), rows with problems (row numbers count the header as row 1) and names repeated in the file. Limits: 10,000 rows, 1,000 cells and 1 MB a row, 200 names a list (more is a problem of that row); each list of the answer holds at most 100 entries and a last one saying how many more there are.`;

/** POST /api/{ingredients|categories|dishes}/upload-csv (doc 3 §7.4; decisions §4). */
export const csvImportRoutes: FastifyPluginAsyncZod<{
  csvImport: CsvImportService;
  csvExport: CsvExportService;
}> = async (app, { csvImport, csvExport }) => {
  const failures = [400, 401, 403, 404, 417];
  const authed = { onRequest: app.authenticate } as const;
  const schema = (tag: string, summary: string, format: string) => ({
    tags: [tag],
    summary,
    description: description(tag, format),
    consumes: ['multipart/form-data'],
    security: [{ bearer: [] }],
    response: responses(csvResultSchema, failures),
  });

  app.post(
    '/ingredients/upload-csv',
    {
      ...authed,
      preHandler: requirePermission('ingredient'),
      schema: schema(
        'ingredients',
        'Import ingredients from a CSV file',
        'name[,parent][,contains][,mayContain]',
      ),
    },
    async (request) => {
      const { file } = await readCsvUpload(request);
      return ok(await csvImport.importIngredients(callerOf(request), { file }));
    },
  );

  app.post(
    '/categories/upload-csv',
    {
      ...authed,
      preHandler: requirePermission('category'),
      schema: {
        ...schema(
          'categories',
          'Import categories from a CSV file; with a `menu` field they also join that menu',
          'name[,available][,dishes]',
        ),
      },
    },
    async (request) => {
      const { file, fields } = await readCsvUpload(request);
      // The selected menu the new categories join (doc 1 §5); an id that is not one finds nothing.
      const menu = typeof fields.menu === 'string' ? fields.menu.trim() : '';
      if (menu && !isId(menu)) throw new NotFoundError();
      return ok(await csvImport.importCategories(callerOf(request), { file, menuId: menu || null }));
    },
  );

  app.post(
    '/dishes/upload-csv',
    {
      ...authed,
      preHandler: requirePermission('dish'),
      schema: schema(
        'dishes',
        'Import dishes from a CSV file; unknown ingredients are created',
        'name,price[,description][,calories][,alcoholPercentage][,available][,category][,ingredients][,contains][,mayContain][,declared][,portion]',
      ),
    },
    async (request) => {
      const { file } = await readCsvUpload(request);
      return ok(await csvImport.importDishes(callerOf(request), { file }));
    },
  );

  // The exports (issue 23 §7): the import's format, the caller's own records. Static paths win
  // over /ingredients/:id and /dishes/:id, which only take ids.
  const { 200: _, ...exportFailures } = responses(csvResultSchema, [401, 403, 417]);
  const exportSchema = (tag: string, columns: readonly string[]) => ({
    tags: [tag],
    summary: `Export the restaurant's own ${tag} as a CSV file that imports back`,
    description: `UTF-8 with a header row: \`${columns.join(',')}\`. Lists inside a cell are separated by \`|\`; allergens are written by their official English names (the import reads keys and names). ${tag === 'dishes' ? "`contains`/`mayContain` are the dish's own part (the kitchen's additions; ingredients declare theirs in the ingredients file), `declared` yes or no. " : 'Parents come before their children. '}A cell a spreadsheet would take for a formula starts with \`'\` (the import drops it). Answers the file (attachment), not the envelope.`,
    produces: ['text/csv'],
    security: [{ bearer: [] }],
    response: exportFailures,
  });
  const sendCsv = (reply: FastifyReply, name: string, body: string) =>
    reply
      .header('cache-control', 'private, no-cache')
      .header('content-disposition', `attachment; filename="${name}.csv"`)
      .type('text/csv; charset=utf-8')
      .send(body);

  app.get(
    '/ingredients/export.csv',
    {
      ...authed,
      preHandler: requirePermission('ingredient'),
      schema: exportSchema('ingredients', INGREDIENT_COLUMNS),
    },
    async (request, reply) => sendCsv(reply, 'ingredients', await csvExport.ingredients(callerOf(request))),
  );

  app.get(
    '/dishes/export.csv',
    { ...authed, preHandler: requirePermission('dish'), schema: exportSchema('dishes', DISH_COLUMNS) },
    async (request, reply) => sendCsv(reply, 'dishes', await csvExport.dishes(callerOf(request))),
  );
};
