import type { MailTemplateName } from '@carte/domain';

/**
 * The subject and body each template starts with (seeded once; admins edit them afterwards). A body
 * is the inner content only: mail-layout.ts wraps it in the branded frame at send time, so an admin's
 * rich-text editor never has to carry the layout tables. Inline styles only, because many mail
 * clients drop <style> blocks.
 */
export interface MailTemplateDefault {
  subject: string;
  content: string;
}

export const brandColor = '#ff1616';
/**
 * Buttons and links: the brand red one step darker (the app's carte.8), because white on #ff1616 and
 * #ff1616 on white read at 3.9:1, under AA's 4.5:1 for 16 px text (axe on the mail template editor's
 * preview, issue 22). The brand red stays on the large title and the frame's top line.
 */
const actionColor = '#c20a0a';
const textColor = '#1f2933';
const mutedColor = '#616e7c';

const p = (html: string) =>
  `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${textColor};">${html}</p>`;

const note = (html: string) =>
  `<p style="margin:24px 0 0;font-size:13px;line-height:20px;color:${mutedColor};">${html}</p>`;

/** A "bulletproof" button: a table cell carries the colour, so Outlook draws it too. */
const button = (label: string, href = '{{link}}') =>
  `<table role="presentation" border="0" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;border-collapse:separate;">` +
  `<tr><td align="center" bgcolor="${actionColor}" style="border-radius:6px;background-color:${actionColor};">` +
  `<a href="${href}" target="_blank" style="display:inline-block;padding:12px 28px;font-size:16px;font-weight:bold;line-height:20px;color:#ffffff;text-decoration:none;border-radius:6px;">${label}</a>` +
  `</td></tr></table>`;

const fallbackLink = (href = '{{link}}') =>
  `<p style="margin:0 0 8px;font-size:13px;line-height:20px;color:${mutedColor};">If the button does not work, copy this address into your browser:<br>` +
  `<a href="${href}" style="color:${actionColor};word-break:break-all;">${href}</a></p>`;

const greeting = (name = '{{user.firstName|user.username}}') => p(`Hello ${name},`);

export const defaultMailTemplates: Record<MailTemplateName, MailTemplateDefault> = {
  'new-account-creation-notify': {
    subject: 'New {{appName}} account: {{user.username}}',
    content: [
      p('Hello,'),
      p('A new account has just been registered on {{appName}}:'),
      p(
        'Username: <strong>{{user.username}}</strong><br>Name: {{user.firstName}} {{user.lastName}}<br>Email: {{user.email}}<br>Phone: {{user.phoneNumber}}<br>Business: <strong>{{restaurant.name}}</strong><br>Type: {{restaurant.type}}',
      ),
      p('The account stays unverified until its owner confirms their email address.'),
      button('Open the admin panel', '{{link|publicUrl}}'),
    ].join('\n'),
  },
  'user-verify-account': {
    subject: 'Confirm your email address for {{appName}}',
    content: [
      greeting(),
      p(
        'Thanks for creating your {{appName}} account! Please confirm that <strong>{{user.email}}</strong> is your email address, and you can start building your menus.',
      ),
      button('Verify my email'),
      fallbackLink(),
      note(
        'This link is valid for {{expiresIn}}. If you did not create an account on {{appName}}, you can safely ignore this email.',
      ),
    ].join('\n'),
  },
  'user-forgot-password': {
    subject: 'Reset your {{appName}} password',
    content: [
      greeting(),
      p(
        'We received a request to reset the password of your {{appName}} account <strong>{{user.username}}</strong>. Choose a new one with the button below.',
      ),
      button('Choose a new password'),
      fallbackLink(),
      note(
        'This link is valid for {{expiresIn}} and works once. If you did not ask for a new password, ignore this email: your password stays the same.',
      ),
    ].join('\n'),
  },
  'user-forgot-username': {
    subject: 'Your {{appName}} username',
    content: [
      p('Hello,'),
      p(
        'You asked for the username of the {{appName}} account registered with <strong>{{recipientEmail}}</strong>:',
      ),
      p('<strong style="font-size:18px;">{{usernames|user.username}}</strong>'),
      p('You can sign in with your username or with your email address.'),
      button('Sign in', '{{link|publicUrl}}'),
      note('If you did not ask for this, you can safely ignore this email.'),
    ].join('\n'),
  },
  'email-change-verify': {
    subject: 'Confirm your new email address for {{appName}}',
    content: [
      greeting(),
      p(
        'You asked to use <strong>{{newEmail}}</strong> as the email address of your {{appName}} account <strong>{{user.username}}</strong>. Confirm it with the button below; until then your account keeps its current address.',
      ),
      button('Confirm my new email'),
      fallbackLink(),
      note(
        'This link is valid for {{expiresIn}} and works once. If you did not ask for this change, ignore this email: nothing changes.',
      ),
    ].join('\n'),
  },
  'email-change-notice': {
    subject: 'Your {{appName}} email address is being changed',
    content: [
      greeting(),
      p(
        'Someone signed in to your {{appName}} account <strong>{{user.username}}</strong> asked to change its email address to <strong>{{newEmail}}</strong>. The change happens only when the link sent to that address is opened.',
      ),
      p(
        'If this was you, there is nothing to do here. If it was not, change your password now: whoever asked knew it.',
      ),
      button('Sign in to {{appName}}', '{{link|publicUrl}}'),
    ].join('\n'),
  },
  'transfer-ownership': {
    subject: '{{user.firstName|user.username}} would like to hand {{restaurant.name}} over to you',
    content: [
      p('Hello,'),
      p(
        '<strong>{{user.firstName|user.username}}</strong> ({{user.email}}) would like to transfer the ownership of <strong>{{restaurant.name}}</strong> on {{appName}} to you. As the new owner, you will manage its menus, its team and its subscription.',
      ),
      p('Review the request and complete your account to accept it.'),
      button('Review the transfer'),
      fallbackLink(),
      note(
        'This invitation is valid for {{expiresIn}}. Nothing changes until you accept it; if you do not know the sender, you can ignore this email.',
      ),
    ].join('\n'),
  },
  'transfer-completed': {
    subject: '{{restaurant.name}} now belongs to {{newOwner.firstName|newOwner.username}}',
    content: [
      greeting(),
      p(
        '<strong>{{newOwner.firstName|newOwner.username}}</strong> ({{newOwner.email}}) accepted the ownership of <strong>{{restaurant.name}}</strong> on {{appName}}. Its menus, team, media and subscription are theirs now. {{restaurant.locations}}',
      ),
      p(
        'Your account <strong>{{user.username}}</strong> of this restaurant is closed and signed out everywhere. Your other accounts are not changed.',
      ),
      note(
        'If you did not ask for this transfer, change the password of your other accounts now: whoever asked knew this one.',
      ),
    ].join('\n'),
  },
  'admin-created': {
    subject: 'You are invited to administer {{appName}}',
    content: [
      greeting('{{user.firstName|user.username}}'),
      p(
        'You have been added as an administrator of {{appName}} with the username <strong>{{user.username}}</strong>. Complete your account (your name, phone number and a password) to open the admin panel.',
      ),
      button('Complete my account'),
      fallbackLink(),
      note(
        'This invitation is valid for {{expiresIn}}. If you were not expecting it, you can safely ignore this email.',
      ),
    ].join('\n'),
  },
  'dma-deleted': {
    subject: 'Your {{appName}} reseller account has been closed',
    content: [
      greeting(),
      p(
        'Your reseller account <strong>{{user.username}}</strong> on {{appName}} has been closed by our team, and you can no longer sign in with it.',
      ),
      p('If you believe this is a mistake or have any question, please contact our support team.'),
      p('Thank you for the time you spent with us.'),
    ].join('\n'),
  },
  'member-created': {
    subject: 'Join the {{restaurant.name}} team on {{appName}}',
    content: [
      p('Hello,'),
      p(
        '<strong>{{user.firstName|user.username}}</strong> has invited you to join the team of <strong>{{restaurant.name}}</strong> on {{appName}}, to help manage its digital menus.',
      ),
      p('Complete your account to accept the invitation.'),
      button('Accept the invitation'),
      fallbackLink(),
      note(
        'This invitation is valid for {{expiresIn}}. If you were not expecting it, you can safely ignore this email.',
      ),
    ].join('\n'),
  },
  'member-created-already-verified': {
    subject: 'You have been added to the {{restaurant.name}} team on {{appName}}',
    content: [
      greeting('{{member.firstName|member.username|member.email}}'),
      p(
        '<strong>{{user.firstName|user.username}}</strong> has added you to the team of <strong>{{restaurant.name}}</strong> on {{appName}}.',
      ),
      p(
        'This address already has a {{appName}} account. Sign in to it and accept the invitation to add the team account to it, or create a separate account. Nothing changes until you choose.',
      ),
      button('Accept the invitation', '{{link}}'),
    ].join('\n'),
  },
  'invoice-payment-succeeded': {
    subject: 'Payment received, thank you!',
    content: [
      greeting('{{invoice.customerName|user.firstName|user.username}}'),
      p(
        'We have received your payment for the {{appName}} subscription of <strong>{{restaurant.name}}</strong>. Thank you for your trust!',
      ),
      p('Your invoice is available online and as a PDF.'),
      button('View the invoice', '{{invoice.url}}'),
      p(`<a href="{{invoice.pdf}}" style="color:${actionColor};">Download the invoice (PDF)</a>`),
    ].join('\n'),
  },
  'invoice-payment-failed': {
    subject: 'Action needed: your {{appName}} payment did not go through',
    content: [
      greeting('{{invoice.customerName|user.firstName|user.username}}'),
      p(
        'We could not collect the payment for the {{appName}} subscription of <strong>{{restaurant.name}}</strong>.',
      ),
      p(
        'Please pay the invoice or update your card to keep your menus online: when a subscription ends, its published menus go back to draft.',
      ),
      button('Pay the invoice', '{{invoice.url}}'),
      p(`<a href="{{invoice.pdf}}" style="color:${actionColor};">Download the invoice (PDF)</a>`),
    ].join('\n'),
  },
  'dma-register': {
    subject: 'You are invited to become a {{appName}} reseller',
    content: [
      p('Hello,'),
      p(
        'You have been invited to join {{appName}} as a reseller. As a reseller, you invite restaurants as clients, manage their licences and subscriptions, and help them publish beautiful digital menus.',
      ),
      p('Create your reseller account with <strong>{{recipientEmail}}</strong> to get started.'),
      button('Create my reseller account'),
      fallbackLink(),
      note(
        'This invitation is valid for {{expiresIn}}. If you were not expecting it, you can safely ignore this email.',
      ),
    ].join('\n'),
  },
  'notify-admin-dma-created': {
    subject: 'New reseller on {{appName}}: {{dma.companyName}}',
    content: [
      p('Hello,'),
      p('A new reseller has just completed their registration on {{appName}}:'),
      p(
        'Company: <strong>{{dma.companyName}}</strong><br>Name: {{user.firstName}} {{user.lastName}}<br>Username: {{user.username}}<br>Email: {{user.email}}<br>Phone: {{user.phoneNumber}}',
      ),
      button('Open the admin panel', '{{link|publicUrl}}'),
    ].join('\n'),
  },
  'dma-client-added': {
    subject: '{{dma.companyName}} invites you to {{appName}}',
    content: [
      p('Hello,'),
      p(
        '<strong>{{dma.companyName}}</strong> has invited you to manage the digital menus of <strong>{{restaurant.name}}</strong> on {{appName}}, and will take care of its subscription.',
      ),
      p('Open the invitation to accept or decline it.'),
      button('View the invitation'),
      fallbackLink(),
      note(
        'This invitation is valid for {{expiresIn}}. If you were not expecting it, you can safely ignore this email.',
      ),
    ].join('\n'),
  },
  'dma-client-accepted-invitation': {
    subject: '{{client.username|client.email}} accepted your invitation',
    content: [
      greeting(),
      p(
        'Good news: <strong>{{client.username}}</strong> ({{client.email}}) has accepted your invitation for <strong>{{restaurant.name}}</strong>. The licence now appears among your clients, ready for a subscription.',
      ),
      button('Open my dashboard', '{{link|publicUrl}}'),
    ].join('\n'),
  },
  'dma-client-rejected-invitation': {
    subject: '{{client.username|client.email}} declined your invitation',
    content: [
      greeting(),
      p(
        '<strong>{{client.email}}</strong> has declined your invitation for <strong>{{restaurant.name}}</strong>, and the pending licence has been removed.',
      ),
      p('You can send a new invitation from your dashboard at any time.'),
      button('Open my dashboard', '{{link|publicUrl}}'),
    ].join('\n'),
  },
  'dma-client-deleted': {
    subject: 'Your {{appName}} account has been removed',
    content: [
      greeting('{{client.username}}'),
      p(
        'Your {{appName}} account <strong>{{client.username}}</strong> for <strong>{{restaurant.name}}</strong>, managed by {{dma.companyName}}, has been deleted together with its subscription. Its menus are no longer online.',
      ),
      p('If you have any question, please contact {{dma.companyName}}.'),
    ].join('\n'),
  },
};
