import type { Config } from '../../config.ts';
import { createAltchaCaptcha } from './altcha-captcha.ts';
import type { Captcha } from './captcha.ts';
import { createOffCaptcha } from './off-captcha.ts';
import { createRecaptchaCaptcha } from './recaptcha-captcha.ts';

export type { Captcha } from './captcha.ts';

export function createCaptcha(config: Pick<Config, 'captcha' | 'hmacKey' | 'recaptchaSecret'>): Captcha {
  switch (config.captcha) {
    case 'altcha':
      return createAltchaCaptcha({ hmacKey: config.hmacKey });
    case 'recaptcha':
      if (!config.recaptchaSecret) throw new Error('RECAPTCHA_SECRET is required when CAPTCHA=recaptcha');
      return createRecaptchaCaptcha({ secret: config.recaptchaSecret });
    case 'off':
      return createOffCaptcha();
  }
}
