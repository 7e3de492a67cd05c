import nodemailer from 'nodemailer';
import type { MailTransport, OutgoingMail } from './mail-transport.ts';

/**
 * Delivers through an SMTP server (SMTP_URL, e.g. `smtp://user:pass@host:587`). Timeouts are shorter
 * than nodemailer's minutes-long defaults: a stuck server fails the job, and pg-boss retries it later.
 */
export function createSmtpTransport(options: { smtpUrl: string; from: string }): MailTransport {
  const transporter = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
  });
  return {
    kind: 'smtp',
    async deliver(mail: OutgoingMail) {
      await transporter.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
      });
    },
    async close() {
      transporter.close();
    },
  };
}
