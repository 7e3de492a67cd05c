import { allergenMatrixSchema, declarationChangeSchema, objectId } from '@carte/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../http/auth.ts';
import { ok, responses } from '../../http/envelope.ts';
import { requirePermission } from '../../http/permissions.ts';
import type { AllergenRecordService } from './allergen-records.service.ts';

const historyDescription =
  'Every kept change of the declarations (issue 23 §6), newest first, at most 200: `field` (allergens, calories, portion), `before` and `after` as stored (`allergens` is `{contains, mayContain}` on an ingredient and `{contains, mayContain, declared}` on a dish: its own part), who (`username`, copied when the change was made) and when. 404 for a record the caller does not see.';

/**
 * Declarations as the owner reads them back (issue 23 §6): the history of a dish's and an
 * ingredient's declarations (read like the record itself: any member of the restaurant), and a
 * menu's allergen matrix, as JSON for the screen and as a PDF to print (the `menu` flag).
 */
export const allergenRecordRoutes: FastifyPluginAsyncZod<{ records: AllergenRecordService }> = async (
  app,
  { records },
) => {
  const security = [{ bearer: [] }];
  const params = z.object({ id: objectId });
  const reader = { onRequest: app.authenticate } as const;
  const menuReader = { onRequest: [app.authenticate, requirePermission('menu')] };

  app.get(
    '/dishes/:id/declaration-history',
    {
      ...reader,
      schema: {
        tags: ['dishes'],
        security,
        summary: "The changes of a dish's allergen, calorie and portion declarations, newest first",
        description: historyDescription,
        params,
        response: responses(z.array(declarationChangeSchema), [400, 401, 403, 404, 417]),
      },
    },
    async (request) => ok(await records.dishHistory(callerOf(request), request.params.id)),
  );

  app.get(
    '/ingredients/:id/declaration-history',
    {
      ...reader,
      schema: {
        tags: ['ingredients'],
        security,
        summary: "The changes of an ingredient's allergen declaration, newest first",
        description: historyDescription,
        params,
        response: responses(z.array(declarationChangeSchema), [400, 401, 403, 404, 417]),
      },
    },
    async (request) => ok(await records.ingredientHistory(callerOf(request), request.params.id)),
  );

  app.get(
    '/menus/:id/allergen-matrix',
    {
      ...menuReader,
      schema: {
        tags: ['menus'],
        security,
        summary: "A menu's allergen matrix: its dishes (by category) × the 14 allergens",
        description:
          "The menu's categories in its order, each with its dishes in the order a diner reads (a dish in two categories once, under the first), each with its derived `allergens {contains, mayContain, declared}` and `lastChange` (who and when the dish's own part or one of its ingredients' declarations last changed; `ingredient` names the ingredient, null for the dish's own part). A location reads its parent's menus; another restaurant's is 404.",
        params,
        response: responses(allergenMatrixSchema, [400, 401, 403, 404, 417]),
      },
    },
    async (request) => ok(await records.matrix(callerOf(request), request.params.id)),
  );

  const { 200: _, ...fileFailures } = responses(z.string(), [400, 401, 403, 404, 417]);
  app.get(
    '/menus/:id/allergen-matrix.pdf',
    {
      ...menuReader,
      schema: {
        tags: ['menus'],
        security,
        summary: "Download a menu's allergen matrix as a PDF (A4 landscape)",
        description:
          'The same table as GET /menus/{id}/allergen-matrix on A4 landscape pages: the restaurant and the menu, "Printed on …" (in the restaurant\'s time zone), a legend (● contains, ◐ may contain, – free, ? not declared), the header repeated on each page. Inter embedded. Answers the file (inline), not the envelope.',
        params,
        produces: ['application/pdf'],
        response: fileFailures,
      },
    },
    async (request, reply) => {
      const file = await records.matrixPdf(callerOf(request), request.params.id);
      return reply
        .header('cache-control', 'private, no-cache')
        .header('content-disposition', `inline; filename="${file.fileName}"`)
        .type('application/pdf')
        .send(file.body);
    },
  );
};
