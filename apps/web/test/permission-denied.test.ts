import { findRouteRule, messages, noPermissions } from '@carte/domain';
import { describe, expect, it } from 'vitest';
import { explainDenied } from '../src/ui/permission-denied.tsx';

const ruleOf = (path: string) => findRouteRule(path)?.rule;

describe('the words of a refused page (issue 22)', () => {
  it("a reseller's client on /subscribe gets the account-manager text and a mail link", () => {
    const words = explainDenied(
      { role: 'DMA_CLIENT', permissions: noPermissions(), dma_parent_email: 'rita@agency.test' },
      ruleOf('/subscribe'),
    );
    expect(words.text).toBe(messages.subscribeRequiredClient);
    expect(words.text).not.toContain('Ask the restaurant owner');
    expect(words.mailTo?.href).toBe('mailto:rita@agency.test?subject=INQUIRY');
  });

  it('a member is told which permission is missing and where the owner gives it', () => {
    const member = {
      role: 'MEMBER' as const,
      permissions: { ...noPermissions(), menu: true },
      dma_parent_email: null,
    };
    expect(explainDenied(member, ruleOf('/create-dish')).text).toContain('needs the Dish permission');
    expect(explainDenied(member, ruleOf('/create-dish')).text).toContain('Members page');
    expect(explainDenied(member, ruleOf('/update-account')).text).toContain(
      'needs one of the Restaurant or Member permissions',
    );
    expect(explainDenied(member, ruleOf('/subscribe')).text).toContain('Only the restaurant owner');
  });

  it('staff and resellers are told where they work instead', () => {
    const none = { permissions: noPermissions(), dma_parent_email: null };
    expect(explainDenied({ role: 'ADMIN', ...none }, ruleOf('/settings')).action).toBe(
      'Back to the admin dashboard',
    );
    expect(explainDenied({ role: 'DMA', ...none }, ruleOf('/settings')).action).toBe('Back to your clients');
  });
});
