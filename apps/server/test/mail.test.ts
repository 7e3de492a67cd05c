import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { mailTemplateNames } from '@carte/domain';
import { eq, sql } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../src/adapters/logger.ts';
import { createMailTransport, type MailTransport } from '../src/adapters/mail/index.ts';
import { type Database, openDatabase } from '../src/db/connect.ts';
import { mails, mailTemplates } from '../src/db/schema.ts';
import { defaultMailTemplates } from '../src/features/mail/default-templates.ts';
import {
  createMailer,
  listMails,
  type Mailer,
  type MailWorkerDeps,
  mailQueue,
  seedMailTemplates,
  startMailWorker,
  updateMailTemplate,
} from '../src/features/mail/mail.service.ts';
import { htmlToText, renderMail } from '../src/features/mail/mail-render.ts';
import { createTestDatabaseUrl } from './db.ts';
import { type MailSink, startMailSink } from './mail-sink.ts';

const mailFrom = 'Carte <no-reply@carte.test>';

/** A pino logger whose lines the test can read. */
function captureLogger(): { log: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { log: pino({ level: 'debug' }, stream), lines };
}

/** A database of its own, its pg-boss, the templates seeded, a mailer and a mail worker. */
interface Stack {
  database: Database;
  boss: PgBoss;
  mailer: Mailer;
  transport: MailTransport;
  lines: Array<Record<string, unknown>>;
  seeded: number;
  close(): Promise<void>;
}

async function startStack(
  smtpUrl: string | null,
  worker: Partial<Pick<MailWorkerDeps, 'retryDelaySeconds' | 'retryLimit'>> = {},
): Promise<Stack> {
  const url = await createTestDatabaseUrl();
  const database = openDatabase(url, 4);
  const boss = new PgBoss({ connectionString: url, max: 3 });
  boss.on('error', () => undefined);
  await boss.start();
  const seeded = await seedMailTemplates(database.db);
  const { log, lines } = captureLogger();
  const transport = createMailTransport({ smtpUrl, mailFrom }, { log });
  await startMailWorker({ db: database.db, boss, transport, log, pollingIntervalSeconds: 0.5, ...worker });
  const mailer = createMailer({ db: database.db, boss, log, publicUrl: 'http://carte.test' });
  return {
    database,
    boss,
    mailer,
    transport,
    lines,
    seeded,
    async close() {
      await boss.stop({ graceful: true, timeout: 2000 });
      await transport.close();
      await database.pool.end();
    },
  };
}

const mailRow = async (stack: Stack, id: string) =>
  (await stack.database.db.select().from(mails).where(eq(mails.id, id)))[0];

/** A port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('renderMail', () => {
  it('escapes values in the body but not in the subject, and drops unknown placeholders', () => {
    const rendered = renderMail(
      {
        subject: 'Hi {{ user.firstName }} {{nope}} from {{appName}}',
        content: '<p>Hello {{user.firstName}}, {{unknown.thing}}welcome to {{ restaurant.name }}.</p>',
      },
      { 'user.firstName': '<b>Ann & "Co"</b>', 'restaurant.name': "Joe's <Diner>", appName: 'Carte' },
    );
    expect(rendered.subject).toBe('Hi <b>Ann & "Co"</b> from Carte');
    expect(rendered.html).toContain('Hello &lt;b&gt;Ann &amp; ');
    expect(rendered.html).not.toContain('<b>Ann');
    expect(rendered.html).toContain('welcome to Joe');
    expect(rendered.html).toContain('&lt;Diner&gt;');
    expect(rendered.html).not.toContain('{{');
    expect(rendered.text).toContain('Hello <b>Ann & "Co"</b>, welcome to Joe\'s <Diner>.');
  });

  it('uses the first placeholder of a | chain that has a value', () => {
    const template = {
      subject: '{{user.firstName|user.username}}',
      content: '<p>{{member.firstName|member.email}}</p>',
    };
    expect(renderMail(template, { 'user.username': 'annlee' }).subject).toBe('annlee');
    expect(renderMail(template, { 'user.firstName': 'Ann', 'user.username': 'annlee' }).subject).toBe('Ann');
    expect(renderMail(template, { 'member.email': 'noor@example.com' }).text).toContain('noor@example.com');
  });

  it('sanitizes the body: no scripts, handlers or javascript: links, formatting and tables kept', () => {
    const rendered = renderMail(
      {
        subject: 'x',
        content:
          '<p style="color:#ff1616;background:url(https://evil.test/x)">Hi <strong>there</strong></p>' +
          '<script>alert(1)</script><a href="{{link}}" onclick="steal()">Go</a>' +
          '<a href="javascript:alert(2)">bad</a><img src="https://cdn.test/logo.png" alt="Logo" onerror="x()">' +
          '<table><tr><td style="padding:4px">cell</td></tr></table><iframe src="https://evil.test"></iframe>',
      },
      { link: 'https://carte.test/reset-password?token=a&b=1' },
    );
    const body = rendered.html;
    expect(body).not.toMatch(/<script|alert\(|onclick|onerror|javascript:|<iframe|url\(/i);
    expect(body).toContain('<strong>there</strong>');
    expect(body).toContain('style="color:#ff1616"');
    expect(body).toContain('href="https://carte.test/reset-password?token=a&amp;b=1"');
    expect(body).toContain('<img src="https://cdn.test/logo.png" alt="Logo" />');
    expect(body).toContain('<td style="padding:4px">cell</td>');
    expect(rendered.text).toContain('Go (https://carte.test/reset-password?token=a&b=1)');
  });

  it('wraps the body in the branded layout and gives a readable text version', () => {
    const rendered = renderMail(defaultMailTemplates['user-verify-account'], {
      appName: 'Carte',
      publicUrl: 'http://carte.test',
      'user.username': 'annlee',
      'user.email': 'ann@example.com',
      link: 'http://carte.test/user-verify-account?token=t0k',
      expiresIn: '24 hours',
    });
    expect(rendered.subject).toBe('Confirm your email address for Carte');
    expect(rendered.html).toMatch(/^<!doctype html>/);
    expect(rendered.html).toContain('#ff1616');
    expect(rendered.html).toContain('href="http://carte.test/user-verify-account?token=t0k"');
    expect(rendered.text).toContain('Hello annlee,');
    expect(rendered.text).toContain('Verify my email (http://carte.test/user-verify-account?token=t0k)');
    expect(rendered.text).toContain('This link is valid for 24 hours.');
    expect(rendered.text).not.toMatch(/<|&amp;|\{\{/);
  });

  it('turns lists, breaks and images into text', () => {
    expect(
      htmlToText('<h1>Title</h1><ul><li>one</li><li>two</li></ul><p>a<br>b <img src="x" alt="pic"></p>'),
    ).toBe('Title\n\n- one\n- two\n\na\nb pic');
  });
});

describe('templates and SMTP delivery', () => {
  let stack: Stack;
  let sink: MailSink;
  beforeAll(async () => {
    sink = await startMailSink();
    stack = await startStack(sink.url);
  });
  afterAll(async () => {
    await stack?.close();
    await sink?.close();
  });

  it('seeds every template once and keeps an admin edit on the next seed', async () => {
    expect(stack.seeded).toBe(mailTemplateNames.length);
    const rows = await stack.database.db.select().from(mailTemplates);
    expect(rows.map((row) => row.name).sort()).toEqual([...mailTemplateNames].sort());
    expect(rows.every((row) => row.subject && row.content && row.title && row.description)).toBe(true);
    expect(rows.find((row) => row.name === 'user-forgot-username')?.groupName).toBe('User');

    await updateMailTemplate(stack.database.db, 'dma-deleted', {
      subject: 'Edited subject',
      content: '<p>Edited</p><script>x()</script>',
    });
    expect(await seedMailTemplates(stack.database.db)).toBe(0);
    const [edited] = await stack.database.db
      .select()
      .from(mailTemplates)
      .where(eq(mailTemplates.name, 'dma-deleted'));
    expect(edited).toMatchObject({ subject: 'Edited subject', content: '<p>Edited</p>' });
  });

  it('delivers a rendered mail over SMTP with its link, and records it as sent', async () => {
    const link = 'http://carte.test/user-verify-account?token=abc123';
    const id = await stack.mailer.send('user-verify-account', 'ann@example.com', {
      'user.firstName': 'Ann',
      'user.username': 'annlee',
      'user.email': 'ann@example.com',
      link,
    });
    const mail = await sink.waitFor((m) => m.to.includes('ann@example.com'));
    expect(mail.subject).toBe('Confirm your email address for Carte');
    expect(mail.from).toBe(mailFrom);
    expect(mail.links).toContain(link);
    expect(mail.html).toContain('Hello Ann,');
    expect(mail.text).toContain(`Verify my email (${link})`);
    // The lifetime comes from the catalogue when the caller does not give one (decisions §4).
    expect(mail.text).toContain('valid for 24 hours');

    await vi.waitFor(async () => {
      expect(await mailRow(stack, id)).toMatchObject({
        status: 'sent',
        attempts: 1,
        template: 'user-verify-account',
      });
    });
    expect((await mailRow(stack, id))?.sentAt).toBeInstanceOf(Date);
  });

  it('delivers a backlog in batches, every mail on its own', async () => {
    const recipients = Array.from({ length: 12 }, (_, index) => `batch${index}@example.com`);
    const ids = await Promise.all(
      recipients.map((to) =>
        stack.mailer.send('user-forgot-password', to, { link: `http://carte.test/r?to=${to}` }),
      ),
    );
    await Promise.all(recipients.map((to) => sink.waitFor((m) => m.to.includes(to))));
    await vi.waitFor(async () => {
      for (const id of ids) expect((await mailRow(stack, id))?.status).toBe('sent');
    });
  });

  it('queues nothing when the caller’s transaction rolls back', async () => {
    let id = '';
    await expect(
      stack.database.db.transaction(async (tx) => {
        id = await stack.mailer.send(
          'user-forgot-password',
          'rollback@example.com',
          { link: 'http://x.test' },
          { db: tx },
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(id).not.toBe('');
    expect(await listMails(stack.database.db, { to: 'rollback@example.com' })).toEqual([]);
    const jobs = await stack.database.pool.query(
      `SELECT 1 FROM pgboss.job WHERE name = $1 AND data->>'mailId' = $2`,
      [mailQueue, id],
    );
    expect(jobs.rowCount).toBe(0);
  });

  it('lists mails newest first, filtered by recipient', async () => {
    const first = await stack.mailer.send('user-forgot-username', 'list@example.com', { usernames: 'a, b' });
    const second = await stack.mailer.send('user-forgot-password', 'list@example.com', {
      link: 'http://x.test/r',
    });
    await stack.mailer.send('user-forgot-password', 'other@example.com', { link: 'http://x.test/r' });
    const listed = await listMails(stack.database.db, { to: 'list@example.com' });
    expect(listed.map((mail) => mail.id)).toEqual([second, first]);
    expect(await listMails(stack.database.db, { to: 'list@example.com', limit: 1 })).toHaveLength(1);
  });

  it('uses the admin’s edited template for the next mail', async () => {
    await updateMailTemplate(stack.database.db, 'dma-client-deleted', {
      subject: 'Goodbye {{client.username}}',
      content: '<p>Account {{client.username}} removed.</p>',
    });
    await stack.mailer.send('dma-client-deleted', 'client@example.com', { 'client.username': 'harbour' });
    const mail = await sink.waitFor((m) => m.to.includes('client@example.com'));
    expect(mail.subject).toBe('Goodbye harbour');
    expect(mail.text).toContain('Account harbour removed.');
  });
});

describe('outbox mode', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack(null);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('keeps the mail as "outbox" and prints its recipient, subject and link to the log', async () => {
    expect(stack.transport.kind).toBe('outbox');
    const link = 'http://carte.test/reset-password?token=r3set&x=1';
    const id = await stack.mailer.send('user-forgot-password', 'bob@example.com', {
      'user.username': 'bob',
      link,
    });
    await vi.waitFor(async () => {
      expect(await mailRow(stack, id)).toMatchObject({ status: 'outbox', attempts: 1 });
    });
    const line = stack.lines.find((entry) => String(entry.msg).startsWith('Outbox mail to bob@example.com'));
    expect(line).toBeDefined();
    expect(line?.level).toBe(30);
    expect(line?.msg).toContain('Reset your Carte password');
    expect(line?.msg).toContain(link);
    expect(line?.mail).toMatchObject({ to: 'bob@example.com', subject: 'Reset your Carte password' });
    // The action link first; the layout's link to the site comes after it.
    expect((line?.mail as { links?: string[] } | undefined)?.links?.[0]).toBe(link);
  });
});

describe('SMTP down, then up', () => {
  let stack: Stack;
  let sink: MailSink | undefined;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    stack = await startStack(`smtp://127.0.0.1:${port}`, { retryDelaySeconds: 1 });
  });
  afterAll(async () => {
    await stack?.close();
    await sink?.close();
  });

  it('keeps the mail queued with its error while SMTP is down, and delivers it on a retry', async () => {
    const link = 'http://carte.test/user-verify-account?token=late';
    const id = await stack.mailer.send('user-verify-account', 'late@example.com', { link });

    await vi.waitFor(
      async () => {
        const row = await mailRow(stack, id);
        expect(row?.attempts).toBeGreaterThanOrEqual(1);
        expect(row?.lastError).toMatch(/ECONNREFUSED|connect/i);
      },
      { timeout: 10_000, interval: 100 },
    );
    expect((await mailRow(stack, id))?.status).toBe('queued');

    sink = await startMailSink({ port });
    const mail = await sink.waitFor((m) => m.to.includes('late@example.com'), 20_000);
    expect(mail.links).toContain(link);
    await vi.waitFor(async () => {
      expect((await mailRow(stack, id))?.status).toBe('sent');
    });
    expect((await mailRow(stack, id))?.attempts).toBeGreaterThanOrEqual(2);
  });
});

describe('retries exhausted', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack(`smtp://127.0.0.1:${await freePort()}`, { retryDelaySeconds: 1, retryLimit: 1 });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('marks the mail failed after the last retry, and keeps it', async () => {
    const id = await stack.mailer.send('user-forgot-password', 'never@example.com', {
      link: 'http://x.test/r',
    });
    await vi.waitFor(
      async () => {
        expect(await mailRow(stack, id)).toMatchObject({ status: 'failed', attempts: 2 });
      },
      { timeout: 15_000, interval: 200 },
    );
    expect((await mailRow(stack, id))?.lastError).toBeTruthy();
    // The mail row is marked before the job throws; pg-boss records the job's end just after.
    await vi.waitFor(
      async () => {
        const [job] = (
          await stack.database.db.execute(
            sql`SELECT state FROM pgboss.job WHERE name = ${mailQueue} AND data->>'mailId' = ${id}`,
          )
        ).rows as Array<{ state: string }>;
        expect(job?.state).toBe('failed');
      },
      { timeout: 10_000, interval: 200 },
    );
  });
});
