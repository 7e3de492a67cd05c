import {
  type MailTemplateName,
  type MailVars,
  mailLinkLifetimes,
  mailTemplateCatalogue,
  mailTemplateInfo,
} from '@carte/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { fromDrizzle, type JobResult, type JobWithMetadata, type PgBoss } from 'pg-boss';
import type { MailTransport } from '../../adapters/mail/mail-transport.ts';
import { InvalidError } from '../../core/errors.ts';
import type { Logger } from '../../core/logger.ts';
import type { Db } from '../../db/connect.ts';
import { newId } from '../../db/ids.ts';
import { mails, mailTemplates, users } from '../../db/schema.ts';
import { defaultMailTemplates } from './default-templates.ts';
import { checkMailTemplate, renderMail, sanitizeMailHtml } from './mail-render.ts';

/** The pg-boss queue that delivers stored mails; its jobs carry only the mail id. */
export const mailQueue = 'mail.send';

interface MailJobData {
  mailId: string;
}

/** A transaction of `Db`, accepted wherever a mail may be queued together with other writes. */
export type DbTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface MailRetryOptions {
  /** Attempts after the first one. */
  retryLimit: number;
  /** First delay; it doubles (with jitter) after each failure, up to `retryDelayMaxSeconds`. */
  retryDelaySeconds: number;
  retryDelayMaxSeconds: number;
}

/**
 * With SMTP down, a mail is retried after about 30 s, 1 min, 2 min, 4 min… then hourly: ten retries
 * cover four to seven hours of outage before the mail is marked failed (it stays stored either way).
 */
export const defaultMailRetry: MailRetryOptions = {
  retryLimit: 10,
  retryDelaySeconds: 30,
  retryDelayMaxSeconds: 3600,
};

/** A delivery attempt longer than this is considered lost and retried (SMTP timeouts are shorter). */
const attemptTimeoutSeconds = 300;

/** pg-boss stores these as whole numbers. */
const queuePolicy = (retry: MailRetryOptions) => ({
  retryLimit: Math.max(0, Math.round(retry.retryLimit)),
  retryDelay: Math.max(1, Math.round(retry.retryDelaySeconds)),
  retryBackoff: true,
  retryDelayMax: Math.max(1, Math.round(retry.retryDelayMaxSeconds)),
  expireInSeconds: attemptTimeoutSeconds,
  // Wakes workers at once when pg-boss runs with `useListenNotify`; polling otherwise.
  notify: true,
});

const queuesReady = new WeakMap<PgBoss, Promise<void>>();

/**
 * Creates the mail queue once per pg-boss instance. createQueue does nothing when the queue exists,
 * so the retry policy already stored (by the worker, see startMailWorker) is kept.
 */
function ensureMailQueue(boss: PgBoss): Promise<void> {
  let ready = queuesReady.get(boss);
  if (!ready) {
    ready = boss.createQueue(mailQueue, queuePolicy(defaultMailRetry));
    ready.catch(() => queuesReady.delete(boss));
    queuesReady.set(boss, ready);
  }
  return ready;
}

/**
 * Inserts every template that is missing, with its default subject and body. Never overwrites a
 * template an admin has edited. Returns how many were inserted.
 */
export async function seedMailTemplates(db: Db): Promise<number> {
  const rows = mailTemplateCatalogue.map((info) => ({
    name: info.name,
    groupName: info.group,
    title: info.title,
    description: info.description,
    subject: defaultMailTemplates[info.name].subject,
    content: defaultMailTemplates[info.name].content,
  }));
  const inserted = await db
    .insert(mailTemplates)
    .values(rows)
    .onConflictDoNothing({ target: mailTemplates.name })
    .returning({ name: mailTemplates.name });
  return inserted.length;
}

export type MailTemplateRow = typeof mailTemplates.$inferSelect;

/** The templates in catalogue order (doc 3 §2.6 groups), for the admin list. */
export async function listMailTemplates(db: Db): Promise<MailTemplateRow[]> {
  const rows = await db.select().from(mailTemplates);
  const order = new Map<string, number>(mailTemplateCatalogue.map((info, index) => [info.name, index]));
  return rows.sort((a, b) => (order.get(a.name) ?? 999) - (order.get(b.name) ?? 999));
}

export async function getMailTemplate(db: Db, name: MailTemplateName): Promise<MailTemplateRow | null> {
  const [row] = await db.select().from(mailTemplates).where(eq(mailTemplates.name, name));
  return row ?? null;
}

/**
 * Saves an admin's edit; null when the template is unknown. A secret placeholder anywhere but the
 * whole address of a link, or in the subject, is refused (InvalidError naming it) and nothing
 * changes; the body is sanitized (remote images go) before it is stored.
 */
export async function updateMailTemplate(
  db: Db,
  name: MailTemplateName,
  edit: { subject: string; content: string },
  options: { publicUrl?: string } = {},
): Promise<MailTemplateRow | null> {
  const refused = checkMailTemplate(edit);
  if (refused) throw new InvalidError(refused);
  const [row] = await db
    .update(mailTemplates)
    .set({
      subject: edit.subject.trim(),
      content: sanitizeMailHtml(edit.content, options.publicUrl),
      updatedAt: new Date(),
    })
    .where(eq(mailTemplates.name, name))
    .returning();
  return row ?? null;
}

/**
 * Whether an address belongs to a staff account (ADMIN, SUPER_ADMIN). Mails to staff use the built-in
 * templates: an admin who edits a template must not be able to shape the mails that reach other
 * admins or the super admin (their invitations, their password resets), issue 20.
 */
async function isStaffAddress(db: Db | DbTransaction, address: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.role, ['ADMIN', 'SUPER_ADMIN']), sql`lower(${users.email}) = lower(${address})`))
    .limit(1);
  return row !== undefined;
}

export interface Mailer {
  /**
   * Renders `template` for `to`, stores it (status `queued`) and queues its delivery; answers the
   * mail id. With `options.db` the mail and its job join the caller's transaction, so a mail about a
   * rolled-back change is never sent. The admin's edited template is used, except for a staff
   * address (an ADMIN's or SUPER_ADMIN's), which always gets the built-in one — unless
   * `options.sample` says the values are samples with no secret in them (an admin's test mail).
   */
  send(
    template: MailTemplateName,
    to: string,
    vars?: MailVars,
    options?: { db?: DbTransaction; sample?: boolean },
  ): Promise<string>;
}

export interface MailerDeps {
  db: Db;
  boss: PgBoss;
  log: Logger;
  /** PUBLIC_URL: fills `{{publicUrl}}` (buttons fall back to it) and the layout's footer link. */
  publicUrl?: string;
}

/**
 * The mail jobs take the queue's retry policy, which the worker sets (startMailWorker), so every
 * server instance retries the same way.
 */
export function createMailer(deps: MailerDeps): Mailer {
  return {
    async send(template, to, vars = {}, options = {}) {
      const info = mailTemplateInfo(template);
      // Read in the caller's transaction, where a new admin's row may not be committed yet.
      const builtIn =
        !options.sample && (info.toStaff === true || (await isStaffAddress(options.db ?? deps.db, to)));
      const stored = builtIn ? null : await getMailTemplate(deps.db, template);
      if (!stored && !builtIn)
        deps.log.warn({ template }, 'Mail template missing from the database; using its default');
      const publicUrl = deps.publicUrl ?? '';
      const rendered = renderMail(
        stored ?? defaultMailTemplates[template],
        {
          appName: 'Carte',
          publicUrl,
          recipientEmail: to,
          expiresIn: info.link ? mailLinkLifetimes[info.link].label : '',
          ...Object.fromEntries(Object.entries(vars).filter(([, value]) => value !== undefined)),
        },
        { publicUrl },
      );
      await ensureMailQueue(deps.boss);
      const id = newId();
      const queue = async (tx: DbTransaction) => {
        await tx.insert(mails).values({ id, template, to, ...rendered });
        const data: MailJobData = { mailId: id };
        await deps.boss.send(mailQueue, data, { db: fromDrizzle(tx, sql) });
      };
      if (options.db) await queue(options.db);
      else await deps.db.transaction(queue);
      deps.log.debug({ mailId: id, template, to }, 'Mail queued');
      return id;
    },
  };
}

export interface MailWorkerDeps {
  db: Db;
  boss: PgBoss;
  transport: MailTransport;
  log: Logger;
  /** Retry policy of the mail queue (defaultMailRetry otherwise); tests use a 1-second delay. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryDelayMaxSeconds?: number;
  /** How often an idle worker looks for mail, in seconds (default 2, minimum 0.5). */
  pollingIntervalSeconds?: number;
}

/** Mails fetched per round, and how many of them are handed to the transport at once. */
const batchSize = 10;
const parallelDeliveries = 4;

/**
 * Works the `mail.send` queue: delivers each stored mail through the transport and records the
 * outcome. A failed attempt keeps the mail `queued` with its error and fails its job, so pg-boss
 * retries it with backoff; after the last retry the mail is marked `failed`. Each mail of a batch
 * succeeds or fails on its own. Answers the worker id.
 */
export async function startMailWorker(deps: MailWorkerDeps): Promise<string> {
  const retry: MailRetryOptions = {
    retryLimit: deps.retryLimit ?? defaultMailRetry.retryLimit,
    retryDelaySeconds: deps.retryDelaySeconds ?? defaultMailRetry.retryDelaySeconds,
    retryDelayMaxSeconds: deps.retryDelayMaxSeconds ?? defaultMailRetry.retryDelayMaxSeconds,
  };
  await ensureMailQueue(deps.boss);
  // Jobs copy the queue's policy when they are sent, so mails queued from now on retry this way.
  await deps.boss.updateQueue(mailQueue, queuePolicy(retry));
  const status = deps.transport.kind === 'smtp' ? 'sent' : 'outbox';

  const deliver = async (job: JobWithMetadata<MailJobData>): Promise<void> => {
    const [mail] = await deps.db.select().from(mails).where(eq(mails.id, job.data.mailId));
    if (!mail) {
      deps.log.warn({ mailId: job.data.mailId }, 'Queued mail not found; nothing to deliver');
      return;
    }
    // Already delivered: an attempt that outlived its timeout was retried after all.
    if (mail.status === 'sent' || mail.status === 'outbox') return;
    try {
      await deps.transport.deliver({ to: mail.to, subject: mail.subject, html: mail.html, text: mail.text });
    } catch (error) {
      const lastAttempt = job.retryCount >= job.retryLimit;
      const message = error instanceof Error ? error.message : String(error);
      await deps.db
        .update(mails)
        .set({
          attempts: sql`${mails.attempts} + 1`,
          lastError: message.slice(0, 1000),
          status: lastAttempt ? 'failed' : 'queued',
        })
        .where(eq(mails.id, mail.id));
      const context = { mailId: mail.id, to: mail.to, attempt: job.retryCount + 1, err: message };
      if (lastAttempt) deps.log.error(context, 'Mail delivery failed for good');
      else deps.log.warn(context, 'Mail delivery failed; it will be retried');
      throw error;
    }
    await deps.db
      .update(mails)
      .set({ attempts: sql`${mails.attempts} + 1`, status, sentAt: new Date() })
      .where(eq(mails.id, mail.id));
    deps.log.info({ mailId: mail.id, to: mail.to, template: mail.template, status }, 'Mail delivered');
  };

  const settle = async (job: JobWithMetadata<MailJobData>): Promise<JobResult> => {
    try {
      await deliver(job);
      return { id: job.id, status: 'completed' };
    } catch (error) {
      return {
        id: job.id,
        status: 'failed',
        output: { message: error instanceof Error ? error.message : String(error) },
      };
    }
  };

  const polling = deps.pollingIntervalSeconds ?? 2;
  const workOptions = {
    includeMetadata: true,
    perJobResults: true,
    batchSize,
    // While batches come back full there is a backlog: fetch again at once instead of polling.
    burstWhenBatchFull: true,
    pollingIntervalSeconds: polling,
    // A retried job becomes due without a NOTIFY, so the backstop poll must stay as frequent.
    notifyPollingIntervalSeconds: polling,
  } as const;
  return deps.boss.work<MailJobData, JobResult[], typeof workOptions>(
    mailQueue,
    workOptions,
    async (jobs) => {
      const results: JobResult[] = [];
      for (let start = 0; start < jobs.length; start += parallelDeliveries) {
        results.push(...(await Promise.all(jobs.slice(start, start + parallelDeliveries).map(settle))));
      }
      return results;
    },
  );
}

export type MailRow = typeof mails.$inferSelect;

/** The newest mails first, optionally only those sent to one address (tests, admins' outbox). */
export async function listMails(db: Db, options: { to?: string; limit?: number } = {}): Promise<MailRow[]> {
  const limit = Math.min(Math.max(options.limit ?? 50, 1), 500);
  const query = db.select().from(mails);
  const filtered = options.to ? query.where(eq(mails.to, options.to)) : query;
  return filtered.orderBy(desc(mails.createdAt), desc(mails.id)).limit(limit);
}
