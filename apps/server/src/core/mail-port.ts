import type { MailTemplateName } from '@carte/domain';

/**
 * The mail port (DESIGN.md, core): a template of domain's catalogue, a recipient and its
 * placeholders. The mail feature implements it (outbox or SMTP); every other feature mails through it.
 */
export interface MailSender {
  /** `sample`: the values are the catalogue's examples (the admin's test mail), not a real link or token. */
  send(
    template: MailTemplateName,
    to: string,
    vars: Record<string, string>,
    options?: { sample?: boolean },
  ): Promise<unknown>;
}
