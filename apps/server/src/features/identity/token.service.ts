import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '@carte/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { TokenExpiredError, UnauthorizedError } from '../../core/errors.ts';
import type { Db } from '../../db/connect.ts';
import { newId } from '../../db/ids.ts';
import { refreshTokens } from '../../db/schema.ts';

/** Lifetimes of decisions §3. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_DAYS = 30;

export interface AccessClaims {
  userId: string;
  /** The refresh-token family this access token was issued for: one signed-in session. */
  sessionId: string;
  role: Role;
}

export interface TokenService {
  /** `impersonatorId`: an admin opens this session as the user ("Login as", docs/security.md). */
  issueSession(
    userId: string,
    role: Role,
    options?: { impersonatorId?: string },
  ): Promise<{ accessToken: string; refreshToken: string; sessionId: string }>;
  verifyAccess(token: string): Promise<AccessClaims>;
  /** Rotates a refresh token. A token used before revokes its whole family (reuse detection). */
  rotate(refreshToken: string): Promise<{ userId: string; sessionId: string; refreshToken: string }>;
  signAccess(claims: AccessClaims): Promise<string>;
  revokeSession(refreshToken: string): Promise<void>;
  revokeFamily(sessionId: string): Promise<void>;
  revokeAllForUser(userId: string, exceptSessionId?: string): Promise<void>;
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
export const newOpaqueToken = (): string => randomBytes(32).toString('base64url');

export function createTokenService(deps: { db: Db; secret: string; now: () => Date }): TokenService {
  const key = new TextEncoder().encode(deps.secret);
  const { db, now } = deps;

  async function signAccess(claims: AccessClaims): Promise<string> {
    const issuedAt = Math.floor(now().getTime() / 1000);
    return new SignJWT({ sid: claims.sessionId, role: claims.role })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_SECONDS)
      .setIssuer('carte')
      .sign(key);
  }

  async function storeRefresh(userId: string, familyId: string, impersonatorId?: string): Promise<string> {
    const token = newOpaqueToken();
    await db.insert(refreshTokens).values({
      userId,
      familyId,
      impersonatorId: impersonatorId ?? null,
      tokenHash: hashToken(token),
      expiresAt: new Date(now().getTime() + REFRESH_TOKEN_DAYS * 86_400_000),
    });
    return token;
  }

  async function revokeFamily(familyId: string): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: now() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  return {
    signAccess,
    revokeFamily,

    async issueSession(userId, role, options = {}) {
      const sessionId = newId(now().getTime());
      const refreshToken = await storeRefresh(userId, sessionId, options.impersonatorId);
      const accessToken = await signAccess({ userId, sessionId, role });
      return { accessToken, refreshToken, sessionId };
    },

    async verifyAccess(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: 'carte',
          currentDate: now(),
        });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') throw new UnauthorizedError();
        return { userId: payload.sub, sessionId: payload.sid, role: payload.role as Role };
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw new TokenExpiredError();
        if (error instanceof UnauthorizedError) throw error;
        throw new UnauthorizedError();
      }
    },

    async rotate(refreshToken) {
      const outcome = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)))
          .for('update');
        if (!row || row.revokedAt || row.expiresAt <= now()) return { kind: 'invalid' as const };
        if (row.usedAt) return { kind: 'reused' as const, familyId: row.familyId };
        await tx.update(refreshTokens).set({ usedAt: now() }).where(eq(refreshTokens.id, row.id));
        const next = newOpaqueToken();
        await tx.insert(refreshTokens).values({
          userId: row.userId,
          familyId: row.familyId,
          // A session opened by "Login as" stays one through its rotations.
          impersonatorId: row.impersonatorId,
          tokenHash: hashToken(next),
          expiresAt: new Date(now().getTime() + REFRESH_TOKEN_DAYS * 86_400_000),
        });
        return { kind: 'rotated' as const, userId: row.userId, sessionId: row.familyId, refreshToken: next };
      });
      // A rotated token came back: someone holds a copy. End every session of the family
      // (outside the transaction, which the 401 would otherwise roll back).
      if (outcome.kind === 'reused') await revokeFamily(outcome.familyId);
      if (outcome.kind !== 'rotated') throw new UnauthorizedError();
      return { userId: outcome.userId, sessionId: outcome.sessionId, refreshToken: outcome.refreshToken };
    },

    async revokeSession(refreshToken) {
      const [row] = await db
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
      if (row) await revokeFamily(row.familyId);
    },

    async revokeAllForUser(userId, exceptSessionId) {
      const rows = await db
        .selectDistinct({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
      for (const { familyId } of rows) if (familyId !== exceptSessionId) await revokeFamily(familyId);
    },
  };
}
