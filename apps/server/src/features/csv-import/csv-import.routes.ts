import { csvResultSchema, messages } from '@carte/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InvalidError, NotFoundError } from '../../core/errors.ts';
import { readUploadedFile } from '../../core/uploaded-file.ts';
import { isId } from '../../db/ids.ts';
import { callerOf } from '../../http/auth.ts';
import { ok, responses } from '../../http/envelope.ts';
import { readForm } from '../../http/form.ts';
import { requirePermission } from '../../http/permissions.ts';
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
  `multipart/form-data with the file in field \`csv\` (UTF-8, header row, comma separated, quoted fields allowed, lists inside a cell separated by \`|\`). Columns: \`${format}\`; template at GET /templates/${area}.csv. Valid rows are written in one transaction; the answer lists names that exist already (ignored), rows with problems (row numbers count the header as row 1) and names repeated in the file. Limits: 10,000 rows, 1,000 cells and 1 MB a row, 200 names a list (more is a problem of that row); each list of the answer holds at most 100 entries and a last one saying how many more there are.`;

/** POST /api/{ingredients|categories|dishes}/upload-csv (doc 3 §7.4; decisions §4). */
export const csvImportRoutes: FastifyPluginAsyncZod<{ csvImport: CsvImportService }> = async (
  app,
  { csvImport },
) => {
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
      schema: schema('ingredients', 'Import ingredients from a CSV file', 'name[,parent]'),
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
        'name,price[,description][,calories][,alcoholPercentage][,available][,category][,ingredients]',
      ),
    },
    async (request) => {
      const { file } = await readCsvUpload(request);
      return ok(await csvImport.importDishes(callerOf(request), { file }));
    },
  );
};
