import type { Captcha } from './captcha.ts';

/** CAPTCHA=off: no anti-bot check (development, tests, or a site behind another protection). */
export function createOffCaptcha(): Captcha {
  return {
    kind: 'off',
    async challenge() {
      return null;
    },
    async verify() {
      return true;
    },
  };
}
