import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { Db } from '../../db/connect.ts';
import { newId } from '../../db/ids.ts';
import { restaurants, users } from '../../db/schema.ts';
import { hashPassword } from '../auth/password.ts';
import { deleteDemoImages, storeDemoImages, writeDemoMenu } from '../demo/demo-seed.ts';

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

export const DEMO_USERNAME = 'demo';
export const DEMO_PASSWORD = 'Demo1234';

/**
 * Demo data (decisions, Demo): on an empty database, the demo owner and its food truck "Carte Street
 * Kitchen" with a full menu — ingredients, customizations, categories, dishes with pictures, and the
 * Lunch, Dinner and All Day menus, published (demo-seed.ts). Pictures are stored first; if the
 * database turns out not to be empty after all (another instance seeded it meanwhile), they are
 * removed again and nothing is written.
 */
export async function seedDemo({
  db,
  storage,
  log,
  publicUrl,
}: {
  db: Db;
  storage: Storage;
  log: Pick<FastifyBaseLogger, 'info'>;
  /** When given, the log names the demo's public menu address too. */
  publicUrl?: string;
}): Promise<void> {
  const isEmpty = async (reader: Pick<Db, 'select'>) =>
    (await reader.select({ id: restaurants.id }).from(restaurants).limit(1)).length === 0;
  if (!(await isEmpty(db))) return;
  const [images, passwordHash] = await Promise.all([storeDemoImages(storage), hashPassword(DEMO_PASSWORD)]);
  const written = await db
    .transaction(async (tx) => {
      // Two instances starting on one empty database: the second waits here, then finds it seeded.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('carte:seed-demo'))`);
      if (!(await isEmpty(tx))) return null;
      const [truck] = await tx
        .insert(restaurants)
        .values({
          name: 'Carte Street Kitchen',
          restaurantType: 'FOOD_TRUCK',
          timeZone: 'America/New_York',
          description: 'Tacos, bowls and lemonade from our little red truck.',
        })
        .returning();
      await tx.insert(users).values({
        username: DEMO_USERNAME,
        email: 'demo@carte.example',
        firstName: 'Dana',
        lastName: 'Demo',
        phoneNumber: '+12025550143',
        role: 'RESTAURANT',
        passwordHash,
        verifiedAt: new Date(),
        personId: newId(),
        restaurantId: truck!.id,
      });
      await writeDemoMenu(tx, truck!.id, images);
      return truck!.id;
    })
    .catch(async (error: unknown) => {
      await deleteDemoImages(storage, images);
      throw error;
    });
  if (!written) {
    await deleteDemoImages(storage, images);
    return;
  }
  const menu = publicUrl ? `; its public menu, served at any hour: ${publicUrl}/menu/${written}` : '';
  log.info(`Demo data created — sign in as "${DEMO_USERNAME}" / "${DEMO_PASSWORD}"${menu}`);
}
