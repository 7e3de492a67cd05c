import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';

const templates = ['ingredients', 'categories', 'dishes'] as const;

/**
 * The CSV templates the upload dialogs link to (decisions §4): GET /templates/{name}.csv, a header
 * and a few example rows each. They sit outside /api because the browser downloads them directly,
 * and they import cleanly as they are (ingredients, then categories, then dishes).
 */
export const csvTemplateRoutes: FastifyPluginAsync = async (app) => {
  for (const name of templates) {
    const body = readFileSync(path.join(import.meta.dirname, 'templates', `${name}.csv`));
    app.get(
      `/templates/${name}.csv`,
      {
        schema: {
          tags: ['templates'],
          summary: `CSV template for importing ${name}`,
          produces: ['text/csv'],
        },
      },
      async (_request, reply) =>
        reply
          .header('cache-control', 'public, max-age=3600')
          .header('content-disposition', `attachment; filename="${name}-template.csv"`)
          .type('text/csv; charset=utf-8')
          .send(body),
    );
  }
};
