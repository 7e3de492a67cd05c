import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect.ts';
import { newId } from '../../db/ids.ts';
import { users } from '../../db/schema.ts';
import { hashPassword } from './password.ts';

/**
 * The super admin of decisions §2, created on first start: from SUPER_ADMIN_EMAIL and
 * SUPER_ADMIN_PASSWORD, or with a generated password printed once to the log.
 */
export async function ensureSuperAdmin(
  db: Db,
  options: { email?: string; password?: string },
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<void> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'SUPER_ADMIN'))
    .limit(1);
  if (existing) return;
  const email = options.email ?? 'admin@localhost';
  const password = options.password ?? `${randomBytes(9).toString('base64url')}Aa1`;
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = 'admin'`);
  const username = taken ? `admin-${randomBytes(3).toString('hex')}` : 'admin';
  await db.insert(users).values({
    username,
    email,
    firstName: 'Super',
    lastName: 'Admin',
    role: 'SUPER_ADMIN',
    passwordHash: await hashPassword(password),
    verifiedAt: new Date(),
    personId: newId(),
  });
  if (options.password) log.info({ username, email }, 'super admin created');
  else
    log.warn(
      `Super admin created — username "${username}", password "${password}" (shown once; change it after signing in)`,
    );
}
