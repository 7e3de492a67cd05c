import {
  adminMailListSchema,
  editTemplateSchema,
  mailTemplateDetailSchema,
  mailTemplateSummarySchema,
  templateQuery,
} from '@carte/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, requireRoles } from '../../http/auth.ts';
import { ok, responses } from '../../http/envelope.ts';
import type { MailTemplateService } from './mail-template.service.ts';

/**
 * The mail templates and the outbox under /api/admin and the admin tag (doc 3 §2.6, §7.3): staff only,
 * checked on request before the body is read, and again by the service.
 */
export const mailTemplateRoutes: FastifyPluginAsyncZod<{ mailTemplates: MailTemplateService }> = async (
  app,
  { mailTemplates },
) => {
  const tags = ['admin'];
  const security = [{ bearer: [] }];
  const staff = { onRequest: [app.authenticate, requireRoles('ADMIN', 'SUPER_ADMIN')] };
  const denied = [401, 403, 417];

  app.get(
    '/email-templates',
    {
      ...staff,
      schema: {
        security,
        tags,
        summary: 'The mail templates, in the groups of doc 3 §2.6',
        response: responses(z.array(mailTemplateSummarySchema), denied),
      },
    },
    async (request) => ok(await mailTemplates.templates(callerOf(request))),
  );

  app.get(
    '/get-email-template',
    {
      ...staff,
      schema: {
        security,
        tags,
        summary: "One template's subject, body and placeholders",
        querystring: templateQuery,
        response: responses(mailTemplateDetailSchema, [400, 404, ...denied]),
      },
    },
    async (request) => ok(await mailTemplates.template(callerOf(request), request.query.template)),
  );

  app.post(
    '/edit-email-template',
    {
      ...staff,
      schema: {
        security,
        tags,
        summary: 'Save a template: every later mail of it uses the new subject and body',
        description:
          'Mails to staff accounts keep the built-in template. `{{link}}` may only be the whole address of a link (`<a href="{{link}}">`), `{{token}}` is never shown, and neither may stand in the subject: 400 names the placeholder and nothing is saved. Images from other sites are removed.',
        body: editTemplateSchema,
        response: responses(z.string(), [400, 404, ...denied]),
      },
    },
    async (request) => ok(await mailTemplates.editTemplate(callerOf(request), request.body)),
  );

  app.post(
    '/email-templates/test',
    {
      ...staff,
      schema: {
        security,
        tags,
        summary: 'Mail the saved template, with sample values, to the signed-in admin',
        body: templateQuery,
        response: responses(z.string(), [400, 404, ...denied]),
      },
    },
    async (request) => ok(await mailTemplates.sendTest(callerOf(request), request.body.template)),
  );

  app.get(
    '/outbox',
    {
      ...staff,
      schema: {
        security,
        tags,
        summary: 'The newest mails Carte sent or keeps (outbox mode without SMTP)',
        response: responses(adminMailListSchema, denied),
      },
    },
    async (request) => ok(await mailTemplates.outbox(callerOf(request))),
  );
};
