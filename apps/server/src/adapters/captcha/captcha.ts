/**
 * The anti-bot check sent with login, register, password request and reset and account updates
 * (doc 1 §7, doc 2 §5). Chosen by CAPTCHA: `altcha` (self-hosted proof of work), `recaptcha`, `off`.
 */
export interface Captcha {
  readonly kind: 'altcha' | 'recaptcha' | 'off';
  /** A new ALTCHA challenge for the widget, or null when the kind has none. */
  challenge(): Promise<unknown | null>;
  /** True when the token proves a human (always true for `off`). A token can be used once. */
  verify(token: string | undefined, remoteIp?: string): Promise<boolean>;
}
