import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { linksOf } from '../src/adapters/mail/index.ts';

/** A mail the sink received, parsed. */
export interface CaughtMail {
  /** Envelope recipients. */
  to: string[];
  /** The From header, e.g. `Carte <no-reply@localhost>`. */
  from: string;
  subject: string;
  html: string;
  text: string;
  /** Every distinct http(s) link of the HTML body, in order. */
  links: string[];
}

export interface MailSink {
  /** An SMTP_URL pointing at this sink. */
  url: string;
  port: number;
  /** Every mail received so far, oldest first. */
  messages: CaughtMail[];
  /** The first mail (received already or later) that matches; rejects after `timeoutMs` (10 s). */
  waitFor(predicate: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (a random port unless one is given) that accepts every mail without
 * authentication or TLS and parses it, so tests can read subjects and follow mailed links.
 */
export async function startMailSink(options: { port?: number } = {}): Promise<MailSink> {
  const messages: CaughtMail[] = [];
  const waiters = new Set<(mail: CaughtMail) => void>();

  const server = new SMTPServer({
    authOptional: true,
    // Any credentials in SMTP_URL are accepted in clear text: nothing here is secret.
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'sink' });
    },
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((email) => {
            const html = email.html ?? '';
            const from = email.from?.address ? formatAddress(email.from.name, email.from.address) : '';
            const mail: CaughtMail = {
              to: session.envelope.rcptTo.map((recipient) => recipient.address),
              from,
              subject: email.subject ?? '',
              html,
              text: email.text ?? '',
              links: linksOf(html),
            };
            messages.push(mail);
            for (const waiter of [...waiters]) waiter(mail);
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitFor(predicate, timeoutMs = 10_000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise<CaughtMail>((resolve, reject) => {
        const waiter = (mail: CaughtMail) => {
          if (!predicate(mail)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const seen = messages.map((mail) => `${mail.to.join(',')}: ${mail.subject}`).join('; ') || 'none';
          reject(new Error(`No matching mail within ${timeoutMs} ms (received: ${seen})`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const formatAddress = (name: string, address: string) => (name ? `${name} <${address}>` : address);
