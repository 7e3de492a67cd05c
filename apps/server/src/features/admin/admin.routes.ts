import {
  adminAddUserResultSchema,
  adminAddUserSchema,
  adminCompleteSchema,
  adminCreateSchema,
  adminDeleteSchema,
  adminDietarySaveSchema,
  adminDietarySchema,
  adminIdSchema,
  adminInvitationSchema,
  adminLogDeleteSchema,
  adminLogPageSchema,
  adminLogsQuery,
  adminMailListSchema,
  adminRestaurantListSchema,
  adminStatisticsSchema,
  adminSubscribeResultSchema,
  adminSubscribeUserSchema,
  adminTokenParams,
  adminUserListSchema,
  adminUserSchema,
  clientLogSchema,
  editTemplateSchema,
  emptyDietary as emptyLists,
  mailTemplateDetailSchema,
  mailTemplateSummarySchema,
  returnResultSchema,
  shapeshiftResultSchema,
  shapeshiftSchema,
  templateQuery,
} from '@carte/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, requireRoles } from '../../http/auth.ts';
import { ok, responses } from '../../http/envelope.ts';
import type { AdminService } from './admin.service.ts';

/**
 * /api/admin (doc 3 §7.3, §7.4). Sign-in and an admin role are checked on request, before the body
 * is read; the super admin's own calls (admins: create, load, resend-invitation, delete) are checked
 * again by the service (doc 3 §6). The completion page's two calls are public, reached with the
 * mailed token; /admin/return is for a session acting as another account, whatever its role.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService }> = async (app, { admin }) => {
  const tags = ['admin'];
  const security = [{ bearer: [] }];
  const staff = { onRequest: [app.authenticate, requireRoles('ADMIN', 'SUPER_ADMIN')] };
  const superAdmin = { onRequest: [app.authenticate, requireRoles('SUPER_ADMIN')] };
  const denied = [401, 403, 417];

  app.get(
    '/users',
    {
      ...staff,
      schema: {
        security,
        tags,
        summary: 'Every owner (and reseller client), newest first, with the restaurant',
        response: responses(adminUserListSchema, denied),
      },
    },
    async (request) => ok(await admin.listUsers(callerOf(request))),
  );

  app.get(
    '/restaurants',
    {
      ...staff,
      schema: {
        security,
        tags,
        summary: 'Every restaurant with its owner, logo and what "View more" shows',
        response: responses(adminRestaurantListSchema, denied),
      },
    },
    async (request) => ok(await admin.listRestaurants(callerOf(request))),
  );

  app.get(
    '/statistics',
    {
      ...staff,
      schema: {
        security,
        tags,
        summary: 'Section counts and the statistics block of the admin dashboard',
        description: '`admins` is null for an ADMIN: only the super admin sees that section (doc 3 §6).',
        response: responses(adminStatisticsSchema, denied),
      },
    },
    async (request) => ok(await admin.statistics(callerOf(request))),
  );

  app.post(
    '/create',
    {
      ...superAdmin,
      schema: {
        security,
        tags,
        summary: 'Add an admin (super admin only) and mail `admin-created`',
        description:
          'The 7-day link opens /admin-complete-account?token=… where the admin completes the account.',
        body: adminCreateSchema,
        response: responses(adminUserSchema, [400, ...denied]),
      },
    },
    async (request) => ok(await admin.createAdmin(callerOf(request), request.body)),
  );

  app.get(
    '/load',
    {
      ...superAdmin,
      schema: {
        security,
        tags,
        summary: 'The admins (super admin only)',
        response: responses(adminUserListSchema, denied),
      },
    },
    async (request) => ok(await admin.listAdmins(callerOf(request))),
  );

  app.post(
    '/resend-invitation',
    {
      ...superAdmin,
      schema: {
        security,
        tags,
        summary: 'Mail a new completion link to an admin who has not completed the account',
        body: adminIdSchema,
        response: responses(z.string(), [400, 404, ...denied]),
      },
    },
    async (request) => ok(await admin.resendInvitation(callerOf(request), request.body._id)),
  );

  app.delete(
    '/delete',
    {
      ...superAdmin,
      schema: {
        security,
        tags,
        summary: "Delete an admin (super admin only), confirmed with the super admin's password",
        body: adminDeleteSchema,
        response: responses(z.string(), [400, 404, 429, ...denied]),
      },
    },
    async (request) => ok(await admin.deleteAdmin(callerOf(request), request.body, request.ip)),
  );

  app.delete(
    '/delete/user',
    {
      ...staff,
      schema: {
        security,
        tags,
        summary: "Delete a user with the restaurant, confirmed with the admin's password",
        body: adminDeleteSchema,
        response: responses(z.string(), [400, 404, 429, ...denied]),
      },
    },
    async (request) => ok(await admin.deleteUser(callerOf(request), request.body, request.ip)),
  );

  app.post(
    '/add-user',
    {
      ...staff,
      schema: {
        security,
        tags,
        summary: 'Add an owner with a restaurant; the mailed link lets them set a password',
        body: adminAddUserSchema,
        response: responses(adminAddUserResultSchema, [400, ...denied]),
      },
    },
    async (request) => ok({ newUser: await admin.addUser(callerOf(request), request.body) }),
  );

  app.post(
    '/subscribe-user',
    {
      ...staff,
      schema: {
        security,
        tags,
        summary: "Open a checkout for a user's restaurant; `id` is the checkout session's",
        body: adminSubscribeUserSchema,
        response: responses(adminSubscribeResultSchema, [400, 402, 404, 502, ...denied]),
      },
    },
    async (request) => ok(await admin.subscribeUser(callerOf(request), request.body)),
  );

  app.post(
    '/shapeshift',
    {
      ...staff,
      schema: {
        security,
        tags,
        summary: 'Log in as another account ("Login as")',
        description:
          "Answers a session as the account that carries the admin's id; the admin's own session ends. Every changing request of that session is recorded with both identities. POST /admin/return gives the admin's session back. An admin cannot act as the super admin.",
        body: shapeshiftSchema,
        response: responses(shapeshiftResultSchema, [400, 404, ...denied]),
      },
    },
    async (request) => ok(await admin.shapeshift(callerOf(request), request.body._id)),
  );

  app.post(
    '/return',
    {
      onRequest: [app.authenticate],
      schema: {
        security,
        tags,
        summary: 'End a "Login as" session and return to the admin who opened it',
        description: '403 for a session that is not acting as another account.',
        response: responses(returnResultSchema, denied),
      },
    },
    async (request) => ok(await admin.returnToAdmin(callerOf(request))),
  );

  app.get(
    '/dietary',
    {
      ...staff,
      schema: {
        security,
        tags,
        summary: "The platform's dietary lists",
        response: responses(adminDietarySchema, denied),
      },
    },
    async (request) =>
      ok({ dietaryConsiderations: { admin: await admin.dietary(callerOf(request)), own: emptyLists() } }),
  );

  app.post(
    '/dietary/create',
    {
      ...staff,
      schema: {
        security,
        tags,
        summary: "Save the platform's three dietary lists every restaurant starts from",
        description:
          'Tags must be unique within a list. `originalDietaryConsiderations` is accepted and unused.',
        body: adminDietarySaveSchema,
        response: responses(adminDietarySchema, [400, ...denied]),
      },
    },
    async (request) =>
      ok({
        dietaryConsiderations: {
          admin: await admin.saveDietary(callerOf(request), request.body),
          own: emptyLists(),
        },
      }),
  );

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
    async (request) => ok(await admin.templates(callerOf(request))),
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
    async (request) => ok(await admin.template(callerOf(request), request.query.template)),
  );

  app.post(
    '/edit-email-template',
    {
      ...staff,
      schema: {
        security,
        tags,
        summary: 'Save a template: every later mail of it uses the new subject and body',
        body: editTemplateSchema,
        response: responses(z.string(), [400, 404, ...denied]),
      },
    },
    async (request) => ok(await admin.editTemplate(callerOf(request), request.body)),
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
    async (request) => ok(await admin.sendTest(callerOf(request), request.body.template)),
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
    async (request) => ok(await admin.outbox(callerOf(request))),
  );

  app.get(
    '/logs',
    {
      ...staff,
      schema: {
        security,
        tags,
        summary: 'The developer log, newest first, filtered by status code and route',
        querystring: adminLogsQuery,
        response: responses(adminLogPageSchema, [400, ...denied]),
      },
    },
    async (request) => ok(await admin.logs(callerOf(request), request.query)),
  );

  app.delete(
    '/logs',
    {
      ...staff,
      schema: {
        security,
        tags,
        summary: 'Delete the selected log entries',
        body: adminLogDeleteSchema,
        response: responses(z.string(), [400, ...denied]),
      },
    },
    async (request) => ok(await admin.deleteLogs(callerOf(request), request.body.ids)),
  );

  app.post(
    '/loggers',
    {
      onRequest: [app.authenticate],
      schema: {
        security,
        tags,
        summary: 'The web app reports one of its uncaught errors to the developer log',
        body: clientLogSchema,
        response: responses(z.string(), [400, 401, 417]),
      },
    },
    async (request) => ok(await admin.reportClientError(callerOf(request), request.body)),
  );

  app.get(
    '/verify-account-token/:token',
    {
      schema: {
        tags,
        summary: 'What the admin completion page shows for a mailed link',
        description:
          '400 "User has been already verified, or this link is not valid." for a used or unknown link.',
        params: adminTokenParams,
        response: responses(adminInvitationSchema, [400]),
      },
    },
    async (request) => ok(await admin.invitation(request.params.token)),
  );

  app.post(
    '/complete-account/:token',
    {
      schema: {
        tags,
        summary: "Complete an admin's account from the mailed link",
        params: adminTokenParams,
        body: adminCompleteSchema,
        response: responses(z.string(), [400]),
      },
    },
    async (request) => ok(await admin.complete(request.params.token, request.body)),
  );
};
