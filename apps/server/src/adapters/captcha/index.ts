import type { Config } from '../../config.ts';
import type { RedisLink } from '../redis/index.ts';
import { createAltchaCaptcha } from './altcha-captcha.ts';
import type { Captcha } from './captcha.ts';
import { createOffCaptcha } from './off-captcha.ts';
import { createRecaptchaCaptcha } from './recaptcha-captcha.ts';
import { createMemoryReplayGuard, createRedisReplayGuard } from './replay-guard.ts';

export type { Captcha } from './captcha.ts';

/** With a Redis link, used ALTCHA payloads are remembered by every instance together. */
export function createCaptcha(
  config: Pick<Config, 'captcha' | 'hmacKey' | 'recaptchaSecret'>,
  redis: RedisLink | null = null,
): Captcha {
  switch (config.captcha) {
    case 'altcha': {
      const memory = createMemoryReplayGuard();
      const replay = redis ? createRedisReplayGuard(redis, memory) : memory;
      return createAltchaCaptcha({ hmacKey: config.hmacKey, replay });
    }
    case 'recaptcha':
      if (!config.recaptchaSecret) throw new Error('RECAPTCHA_SECRET is required when CAPTCHA=recaptcha');
      return createRecaptchaCaptcha({ secret: config.recaptchaSecret });
    case 'off':
      return createOffCaptcha();
  }
}
