import type { Captcha } from './captcha.ts';

const siteverifyUrl = 'https://www.google.com/recaptcha/api/siteverify';

/** Google reCAPTCHA (CAPTCHA=recaptcha): the browser's token is checked with Google's siteverify. */
export function createRecaptchaCaptcha(options: { secret: string; timeoutMs?: number }): Captcha {
  return {
    kind: 'recaptcha',
    async challenge() {
      return null;
    },
    async verify(token, remoteIp) {
      if (!token) return false;
      const body = new URLSearchParams({ secret: options.secret, response: token });
      if (remoteIp) body.set('remoteip', remoteIp);
      try {
        const response = await fetch(siteverifyUrl, {
          method: 'POST',
          body,
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
        if (!response.ok) return false;
        const result = (await response.json()) as { success?: unknown };
        // Google refuses a token seen before ("timeout-or-duplicate"), so each token works once.
        return result.success === true;
      } catch {
        return false;
      }
    },
  };
}
