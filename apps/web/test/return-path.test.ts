import { describe, expect, it } from 'vitest';
import { returnPathOr, safeReturnPath } from '../src/api/return-path.ts';

describe('the page to come back to after signing in', () => {
  it('keeps a page of this app with its query and hash', () => {
    expect(safeReturnPath('/member-verify-account?token=abc123')).toBe('/member-verify-account?token=abc123');
    expect(safeReturnPath('/timeline#week')).toBe('/timeline#week');
  });

  it.each([
    ['another site by a protocol-relative path', '//evil.example/login'],
    ['another site by a backslash the browser reads as a slash', '/\\evil.example'],
    ['another site behind a tab the browser drops', '/\t/evil.example'],
    ['an absolute address', 'https://evil.example/'],
    ['a script address', 'javascript:alert(1)'],
    ['a relative path', 'timeline'],
    ['nothing', undefined],
    ['a non-string', { pathname: '/' }],
  ])('refuses %s', (_, value) => {
    expect(safeReturnPath(value)).toBeNull();
    expect(returnPathOr(value, '/dma/dashboard')).toBe('/dma/dashboard');
  });

  it('goes home instead of back to the home or sign-in page itself', () => {
    expect(returnPathOr('/', '/admin')).toBe('/admin');
    expect(returnPathOr('/login?x=1', '/admin')).toBe('/admin');
    expect(returnPathOr('/member-verify-account?token=t', '/')).toBe('/member-verify-account?token=t');
  });
});
