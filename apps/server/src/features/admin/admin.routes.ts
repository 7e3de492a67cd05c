import {
  adminAddUserResultSchema,
  adminAddUserSchema,
  adminCompleteSchema,
  adminCreateSchema,
  adminDeleteSchema,
  adminIdSchema,
  adminInvitationSchema,
  adminRestaurantListSchema,
  adminRestaurantSchema,
  adminRestaurantsQuery,
  adminStatisticsSchema,
  adminSubscribeResultSchema,
  adminSubscribeUserSchema,
  adminTokenParams,
  adminUserListSchema,
  adminUserSchema,
  adminUsersQuery,
  paginatedSchema,
  returnResultSchema,
  shapeshiftResultSchema,
  shapeshiftSchema,
} from '@carte/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, requireRoles } from '../../http/auth.ts';
import { ok, responses } from '../../http/envelope.ts';
import { listHandler, pageDescription } from '../../http/list-page.ts';
import type { AdminService } from './admin.service.ts';

/**
 * /api/admin (doc 3 §7.3, §7.4): staff accounts. The platform's dietary lists, the mail templates and
 * the developer log under /api/admin are registered by their features (dietary, mail, logs). Sign-in
 * and an admin role are checked on request, before the body is read; the super admin's own calls
 * (admins: create, load, resend-invitation, delete) are checked again by the service (doc 3 §6). The completion page's two calls are public, reached with the
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
        description: pageDescription(
          "email, first name, last name, username or restaurant's name",
          'created (newest first), email, username',
        ),
        querystring: adminUsersQuery,
        response: responses(z.union([adminUserListSchema, paginatedSchema(adminUserSchema)]), [
          400,
          ...denied,
        ]),
      },
    },
    listHandler((caller) => admin.listUsers(caller), admin.usersPage),
  );

  app.get(
    '/restaurants',
    {
      ...staff,
      schema: {
        security,
        tags,
        summary: 'Every restaurant with its owner, logo and what "View more" shows',
        description: pageDescription("name or owner's username", 'created (newest first), name'),
        querystring: adminRestaurantsQuery,
        response: responses(z.union([adminRestaurantListSchema, paginatedSchema(adminRestaurantSchema)]), [
          400,
          ...denied,
        ]),
      },
    },
    listHandler((caller) => admin.listRestaurants(caller), admin.restaurantsPage),
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
