import {
  isAdminRole,
  type MailTemplateDetail,
  type MailTemplateName,
  type MailTemplateSummary,
  mailPlaceholders,
  mailTemplateCatalogue,
  mailTemplateInfo,
  messages,
} from '@carte/domain';
import type { Caller } from '../../core/caller.ts';
import { ForbiddenError, NotFoundError } from '../../core/errors.ts';
import type { Db } from '../../db/connect.ts';
import { recordAudit } from '../identity/index.ts';
import { getMailTemplate, listMails, listMailTemplates, updateMailTemplate } from './mail.service.ts';

export interface MailTemplateDeps {
  db: Db;
  /** `sample`: the values are samples, so the admin's own test mail shows the edited template. */
  mailer: {
    send(
      template: string,
      to: string,
      vars: Record<string, string>,
      options?: { sample?: boolean },
    ): Promise<unknown>;
  };
  /** PUBLIC_URL: images of an edited body may come only from here (issue 20). */
  publicUrl: string;
}

/** The templates and the outbox are the staff's (doc 3 §2.6); the routes check the role too. */
function requireStaff(caller: Caller): void {
  if (!isAdminRole(caller.role)) throw new ForbiddenError();
}

/** A placeholder's example value, as the editor's side panel and preview show it. */
const sampleOf = (key: string): string => mailPlaceholders.find((entry) => entry.key === key)?.example ?? '';

const infoOf = (name: string) => mailTemplateCatalogue.find((entry) => entry.name === name);

/**
 * The admin-editable mail templates and the outbox (doc 3 §2.6): every function takes the caller
 * first and checks its role. An edit with a secret placeholder out of place is refused (issue 20).
 */
export function createMailTemplateService(deps: MailTemplateDeps) {
  const { db, mailer } = deps;
  return {
    /** GET /admin/email-templates: the templates in the groups of doc 3 §2.6. */
    async templates(caller: Caller): Promise<MailTemplateSummary[]> {
      requireStaff(caller);
      const rows = await listMailTemplates(db);
      return rows.flatMap((row) => {
        const info = infoOf(row.name);
        if (!info) return [];
        return [
          {
            name: row.name,
            group: info.group,
            title: info.title,
            description: info.description,
            subject: row.subject,
            updatedAt: row.updatedAt.toISOString(),
          },
        ];
      });
    },

    /** GET /admin/get-email-template?template=: subject, body and the placeholders it may use. */
    async template(caller: Caller, name: string): Promise<MailTemplateDetail> {
      requireStaff(caller);
      const info = infoOf(name);
      if (!info) throw new NotFoundError();
      const row = await getMailTemplate(db, info.name as MailTemplateName);
      if (!row) throw new NotFoundError();
      return {
        name: row.name,
        group: info.group,
        title: info.title,
        description: info.description,
        subject: row.subject,
        content: row.content,
        updatedAt: row.updatedAt.toISOString(),
        placeholders: [
          'appName',
          'publicUrl',
          'recipientEmail',
          'link',
          'token',
          'expiresIn',
          ...info.placeholders,
        ],
      };
    },

    /**
     * POST /admin/edit-email-template: every later mail of this template uses the new text — except
     * mails to staff, which keep the built-in one. 400 naming a secret placeholder out of place.
     */
    async editTemplate(
      caller: Caller,
      input: { template: string; subject: string; emailContent: string },
    ): Promise<string> {
      requireStaff(caller);
      const info = infoOf(input.template);
      if (!info) throw new NotFoundError();
      const row = await updateMailTemplate(
        db,
        info.name as MailTemplateName,
        { subject: input.subject, content: input.emailContent },
        { publicUrl: deps.publicUrl },
      );
      if (!row) throw new NotFoundError();
      await recordAudit(db, {
        actor: { id: caller.userId, username: caller.username },
        action: 'edit-email-template',
        target: null,
        detail: info.name,
      });
      return messages.templateUpdated;
    },

    /**
     * POST /admin/email-templates/test: the saved template, with sample values, to the admin. The
     * values are samples (no real link or token), so the edited template is used for a staff address.
     */
    async sendTest(caller: Caller, name: string): Promise<string> {
      requireStaff(caller);
      const info = infoOf(name);
      if (!info) throw new NotFoundError();
      const examples = Object.fromEntries(
        mailTemplateInfo(info.name as MailTemplateName).placeholders.map((key) => [key, sampleOf(key)]),
      );
      await mailer.send(
        info.name,
        caller.email,
        { ...examples, link: `${deps.publicUrl}/`, token: 'sample-token' },
        { sample: true },
      );
      return messages.templateTestSent(caller.email);
    },

    /** GET /admin/outbox: the newest mails (in outbox mode, the only way to read them). */
    async outbox(caller: Caller) {
      requireStaff(caller);
      const rows = await listMails(db, { limit: 100 });
      return rows.map((row) => ({
        _id: row.id,
        template: row.template,
        to: row.to,
        subject: row.subject,
        status: row.status,
        createdAt: row.createdAt.toISOString(),
      }));
    },
  };
}

export type MailTemplateService = ReturnType<typeof createMailTemplateService>;
