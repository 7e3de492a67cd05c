import type { Permissions, RestaurantType, Role } from '@carte/domain';
import { sql } from 'drizzle-orm';
import { char, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { newId } from './ids.ts';

const id = () =>
  char('id', { length: 24 })
    .primaryKey()
    .$defaultFn(() => newId());
const ref = (name: string) => char(name, { length: 24 });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const restaurants = pgTable('restaurants', {
  id: id(),
  name: text('name').notNull(),
  restaurantType: text('restaurant_type').$type<RestaurantType>().notNull().default('RESTAURANT'),
  timeZone: text('time_zone').notNull().default('UTC'),
  description: text('description').notNull().default(''),
  parentId: ref('parent_id'),
  sideDishesLabel: text('side_dishes_label').notNull().default('Side Dishes'),
  menuPeriodTransition: integer('menu_period_transition').notNull().default(15),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    role: text('role').$type<Role>().notNull(),
    permissions: jsonb('permissions').$type<Partial<Permissions>>().notNull().default({}),
    passwordHash: text('password_hash'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Accounts of one person share a person id (decisions §4, several accounts). */
    personId: ref('person_id').notNull(),
    restaurantId: ref('restaurant_id').references(() => restaurants.id, { onDelete: 'set null' }),
    companyName: text('company_name'),
    dmaParentEmail: text('dma_parent_email'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    index('users_email_idx').on(t.email),
    index('users_person_idx').on(t.personId),
    index('users_restaurant_idx').on(t.restaurantId),
  ],
);

/** Refresh tokens (decisions §3): stored hashed, rotated on use; a reused one revokes its family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: ref('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

export type ActionTokenKind = 'verify-account' | 'reset-password' | 'resend-verification';

/** Single-use links sent by mail (verification 24 h, reset 1 h) and the resend token of a login. */
export const actionTokens = pgTable(
  'action_tokens',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ActionTokenKind>().notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('action_tokens_hash_idx').on(t.tokenHash),
    index('action_tokens_user_idx').on(t.userId),
  ],
);

/** The admin-editable mail templates of doc 3 §2.6. */
export const mailTemplates = pgTable('mail_templates', {
  name: text('name').primaryKey(),
  groupName: text('group_name').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  subject: text('subject').notNull(),
  content: text('content').notNull(),
  updatedAt: updatedAt(),
});

export type MailStatus = 'queued' | 'sent' | 'failed' | 'outbox';

/** Every mail Carte sends: queued here, delivered by a pg-boss job (or kept here in outbox mode). */
export const mails = pgTable(
  'mails',
  {
    id: id(),
    template: text('template').notNull(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    status: text('status').$type<MailStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('mails_created_idx').on(t.createdAt), index('mails_to_idx').on(t.to)],
);

/** Failed requests (4xx/5xx) for the admins' developer log (doc 3 §3). */
export const logs = pgTable(
  'logs',
  {
    id: id(),
    message: text('message'),
    url: text('url').notNull(),
    statusCode: integer('status_code').notNull(),
    method: text('method').notNull(),
    userId: ref('user_id'),
    username: text('username'),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [index('logs_created_idx').on(t.createdAt)],
);

/** Generated secrets kept in the database when DATA_DIR is not writable (see config). */
export const settings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});
