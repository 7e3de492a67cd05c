/** A mail ready to leave: rendered from a template (features/mail) and stored in the `mails` table. */
export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/**
 * Where mail goes. `smtp` delivers through nodemailer; `outbox` keeps the mail in the database (the
 * admins can read it) and prints its links to the log. Chosen by SMTP_URL (decisions §2).
 */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  /** Throws when delivery failed, so the job is retried. */
  deliver(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}
