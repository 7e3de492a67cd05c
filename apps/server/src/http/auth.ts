import type { Role } from '@carte/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Caller, callerFor } from '../core/caller.ts';
import { ForbiddenError, UnauthorizedError } from '../core/errors.ts';
import type { Db } from '../db/connect.ts';
import { refreshTokens, users } from '../db/schema.ts';

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

export const authPlugin = fp(
  async (app: FastifyInstance, options: { db: Db; tokens: AccessTokenVerifier }) => {
    const { db, tokens } = options;
    app.decorateRequest('caller', null);

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) throw new UnauthorizedError();
      const claims = await tokens.verifyAccess(token);
      const [user] = await db.select().from(users).where(eq(users.id, claims.userId));
      if (!user) throw new UnauthorizedError();
      // A signed-out, revoked or reused session ends its access tokens too, not only its refresh token.
      const [live] = await db
        .select({ id: refreshTokens.id })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.familyId, claims.sessionId), isNull(refreshTokens.revokedAt)))
        .limit(1);
      if (!live) throw new UnauthorizedError();
      request.caller = callerFor(user, claims.sessionId);
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
