/** The mail feature's public entry: the admin-editable templates and the stored mails (doc 3 §2.6). */
export {
  getMailTemplate,
  listMails,
  listMailTemplates,
  type MailRow,
  type MailTemplateRow,
  updateMailTemplate,
} from './mail.service.ts';
