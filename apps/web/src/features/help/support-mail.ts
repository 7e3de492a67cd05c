import { messages } from '@carte/domain';

export type SupportSubject = typeof messages.issueReportSubject | typeof messages.inquirySubject;

/**
 * A mail link to the platform's support address (SUPPORT_EMAIL, from GET /api/config) with the
 * subject of doc 1 §2. An issue report starts with the page it was sent from, which support needs.
 */
export function supportMailto(address: string, subject: SupportSubject, page?: string): string {
  const body =
    subject === messages.issueReportSubject && page
      ? `What happened:\n\n\nWhat I expected:\n\n\nPage: ${page}\n`
      : undefined;
  const query = [`subject=${encodeURIComponent(subject)}`];
  if (body) query.push(`body=${encodeURIComponent(body)}`);
  // The address goes in as written: a mailto path keeps @ (RFC 6068); config checked it is an email.
  return `mailto:${address}?${query.join('&')}`;
}
