import { describe, expect, it } from 'vitest';
import {
  isMailSecretPlaceholder,
  mailPlaceholders,
  mailSecretAddressPlaceholders,
  mailSecretPlaceholders,
  mailTemplateCatalogue,
  messages,
} from '../src/index.ts';

describe('secret mail placeholders (issue 20)', () => {
  it('are the one-use link and its token, both in the editor’s list; only the link is an address', () => {
    expect([...mailSecretPlaceholders]).toEqual(['link', 'token']);
    const keys = mailPlaceholders.map((placeholder) => placeholder.key as string);
    for (const secret of mailSecretPlaceholders) expect(keys).toContain(secret);
    expect([...mailSecretAddressPlaceholders]).toEqual(['link']);
    expect(isMailSecretPlaceholder(' link ')).toBe(true);
    expect(isMailSecretPlaceholder('publicUrl')).toBe(false);
    expect(isMailSecretPlaceholder('invoice.url')).toBe(false);
  });

  it('the messages name the placeholder', () => {
    expect(messages.mailSecretOnlyInLink('{{link}}')).toBe(
      'The placeholder {{link}} may only be the whole address of a link.',
    );
    expect(messages.mailSecretNotInSubject('{{token}}')).toBe(
      'The placeholder {{token}} cannot be used in the subject.',
    );
  });

  it('marks the templates only staff receive', () => {
    const toStaff = mailTemplateCatalogue
      .filter((template) => 'toStaff' in template && template.toStaff)
      .map((template) => template.name);
    expect(toStaff).toEqual(['new-account-creation-notify', 'admin-created', 'notify-admin-dma-created']);
  });
});
