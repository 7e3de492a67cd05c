import type { Role } from '@carte/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Caller, callerFor } from '../core/caller.ts';
import { ForbiddenError, UnauthorizedError } from '../core/errors.ts';
import type { Db } from '../db/connect.ts';
import { refreshTokens, restaurants, users } from '../db/schema.ts';

/** What the guard needs of the token service: checking an access token (401, or 417 when expired). */
export interface AccessTokenVerifier {
  verifyAccess(token: string): Promise<{ userId: string; sessionId: string }>;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyInstance {
    /** onRequest hook: needs a valid access token of a live session (401, or 417 when expired). */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

export const callerOf = (request: FastifyRequest): Caller => {
  if (!request.caller) throw new UnauthorizedError();
  return request.caller;
};

/**
 * `Authorization: Bearer <token>` as RFC 7235 §2.1 and RFC 6750 §2.1 write it: the scheme in any
 * case, one or more spaces, then a token68 (a JWT is one). Anything else is no token.
 */
const BEARER = /^bearer +([\w\-.~+/]+=*)$/i;

export const bearerToken = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization?.trim();
  return (header && BEARER.exec(header)?.[1]) || null;
};

/** Records a changing request made while acting as another account (identity's audit, wired in app.ts). */
export type ActingRequestRecorder = (
  acted: { id: string; username: string },
  impersonatorId: string,
  detail: string,
) => Promise<void>;

export const authPlugin = fp(
  async (
    app: FastifyInstance,
    options: { db: Db; tokens: AccessTokenVerifier; recordActingRequest: ActingRequestRecorder },
  ) => {
    const { db, tokens } = options;
    app.decorateRequest('caller', null);
    // One round trip, the user with its session's liveness: the owner API's hot path (issue 16,
    // bench/scale-out.ts), so it is built once and prepared on each connection (no query building
    // or planning per request). A signed-out, revoked or reused session ends its access tokens too,
    // not only its refresh token. The restaurant's parent comes along, so the workshop's scope needs
    // no query (core/restaurant-scope.ts).
    const callerQuery = db
      .select({
        user: users,
        impersonatorId: refreshTokens.impersonatorId,
        restaurantId: restaurants.id,
        parentId: restaurants.parentId,
        parentDrafts: restaurants.parentDrafts,
      })
      .from(users)
      .innerJoin(
        refreshTokens,
        and(eq(refreshTokens.familyId, sql.placeholder('sessionId')), isNull(refreshTokens.revokedAt)),
      )
      .leftJoin(restaurants, eq(restaurants.id, users.restaurantId))
      .where(eq(users.id, sql.placeholder('userId')))
      .limit(1)
      .prepare('carte_auth_caller');

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) throw new UnauthorizedError();
      const claims = await tokens.verifyAccess(token);
      const [row] = await callerQuery.execute({ sessionId: claims.sessionId, userId: claims.userId });
      if (!row) throw new UnauthorizedError();
      const { user, impersonatorId } = row;
      request.caller = {
        ...callerFor(user, claims.sessionId),
        impersonatorId,
        // Unknown when the restaurant is gone: scopeOf then looks and refuses.
        ...(row.restaurantId
          ? {
              knownRestaurant: {
                id: row.restaurantId,
                parentId: row.parentId,
                parentDrafts: row.parentDrafts ?? true,
              },
            }
          : {}),
      };
      // Acting as another account (doc 3 §2.2 "Login as"): every changing request is recorded with
      // both identities before it runs (docs/security.md).
      if (impersonatorId && request.method !== 'GET' && request.method !== 'HEAD') {
        await options.recordActingRequest(
          { id: user.id, username: user.username },
          impersonatorId,
          `${request.method} ${request.url.split('?')[0]}`,
        );
        request.log.info(
          { userId: user.id, impersonatorId },
          'Request made by an admin or reseller acting as the user',
        );
      }
    });
  },
  { name: 'carte-auth' },
);

/** preHandler factory: the caller must hold one of the roles (403 otherwise). */
export const requireRoles =
  (...allowed: Role[]) =>
  async (request: FastifyRequest) => {
    const caller = callerOf(request);
    if (!allowed.includes(caller.role)) throw new ForbiddenError();
  };
