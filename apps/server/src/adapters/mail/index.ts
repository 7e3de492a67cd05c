import type { Config } from '../../config.ts';
import type { Logger } from '../../core/logger.ts';
import type { MailTransport } from './mail-transport.ts';
import { createOutboxTransport } from './outbox-transport.ts';
import { createSmtpTransport } from './smtp-transport.ts';

export type { MailTransport, OutgoingMail } from './mail-transport.ts';
export { linksOf } from './outbox-transport.ts';

/** SMTP when SMTP_URL is set, otherwise the outbox (decisions §2). */
export function createMailTransport(
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  deps: { log: Logger },
): MailTransport {
  return config.smtpUrl
    ? createSmtpTransport({ smtpUrl: config.smtpUrl, from: config.mailFrom })
    : createOutboxTransport({ log: deps.log });
}
