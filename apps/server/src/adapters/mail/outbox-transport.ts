import type { Logger } from '../../core/logger.ts';
import type { MailTransport, OutgoingMail } from './mail-transport.ts';

/** Every distinct http(s) link of an HTML body, in order (href attributes, entities decoded). */
export function linksOf(html: string): string[] {
  const links: string[] = [];
  for (const match of html.matchAll(/\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
    const link = (match[1] ?? match[2] ?? '').replace(/&amp;/g, '&').trim();
    if (/^https?:\/\//i.test(link) && !links.includes(link)) links.push(link);
  }
  return links;
}

/**
 * Outbox mode (no SMTP_URL): the mail is already stored in the `mails` table, where admins can read
 * it; this prints its recipient, subject and links so a developer can click the verification link.
 */
export function createOutboxTransport(options: { log: Logger }): MailTransport {
  return {
    kind: 'outbox',
    async deliver(mail: OutgoingMail) {
      const links = linksOf(mail.html);
      options.log.info(
        { mail: { to: mail.to, subject: mail.subject, links } },
        `Outbox mail to ${mail.to}: ${mail.subject}${links.length ? `\n  ${links.join('\n  ')}` : ''}`,
      );
    },
    async close() {},
  };
}
