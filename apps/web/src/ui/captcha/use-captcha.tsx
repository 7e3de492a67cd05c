import { messages } from '@carte/domain';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import { type ReactNode, useCallback, useMemo, useRef } from 'react';
import { useSession } from '../../api/session.ts';
import { loadPublicConfig, usePublicConfig } from '../../api/use-public-config.ts';
import { AltchaWidget } from './altcha-widget.tsx';
import { executeRecaptcha } from './recaptcha.ts';

/** The anti-bot token is requested with a 50 s timeout (doc 2 §9). */
const TOKEN_TIMEOUT_MS = 50_000;

export interface Captcha {
  /** What to render inside the form (nothing for reCAPTCHA v3 and for 'off'). */
  field: ReactNode;
  /** The token for `reCaptchaToken`, or undefined when the server checks none. Throws when it fails. */
  getToken: () => Promise<string | undefined>;
  /** Tokens are single-use: call after every answer so the next try gets a fresh one. */
  reset: () => void;
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(messages.captchaFailed)), TOKEN_TIMEOUT_MS);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        reject(new Error(messages.captchaFailed));
      },
    );
  });
}

/**
 * The widget's proof of work: when it is already being solved (it starts when the form gets focus),
 * wait for that one instead of starting a second.
 */
function solve(element: AltchaWidgetElement): Promise<string | null> {
  if (element.getState() !== 'verifying') return element.verify().then((result) => result?.payload ?? null);
  return new Promise((resolve) => {
    const handleState = (event: Event) => {
      const detail = (event as CustomEvent<{ state?: string; payload?: string }>).detail;
      if (detail?.state === 'verifying') return;
      element.removeEventListener('statechange', handleState);
      resolve(detail?.state === 'verified' ? (detail.payload ?? null) : null);
    };
    element.addEventListener('statechange', handleState);
  });
}

/**
 * The anti-bot check chosen by the server (`GET /api/config` → captcha: altcha | recaptcha | off).
 * Signed in, the form shows no check box: the proof of work runs unseen and its token goes with the
 * request as the specification asks (doc 2 §5); a check box is for forms a stranger can reach.
 */
export function useCaptcha(action: string): Captcha {
  const config = usePublicConfig();
  const invisible = useSession() !== null;
  const widget = useRef<AltchaWidgetElement | null>(null);
  const payload = useRef<string | null>(null);

  const getToken = useCallback(async (): Promise<string | undefined> => {
    const settings = await loadPublicConfig().catch(() => null);
    if (!settings || settings.captcha === 'off') return undefined;
    if (settings.captcha === 'recaptcha') {
      if (!settings.recaptchaSiteKey) return undefined;
      return withTimeout(executeRecaptcha(settings.recaptchaSiteKey, action));
    }
    if (payload.current) return payload.current;
    const element = widget.current;
    if (!element) throw new Error(messages.captchaFailed);
    const solved = await withTimeout(customElements.whenDefined('altcha-widget').then(() => solve(element)));
    if (!solved) throw new Error(messages.captchaFailed);
    return solved;
  }, [action]);

  const reset = useCallback(() => {
    payload.current = null;
    widget.current?.reset?.();
  }, []);

  const field = useMemo(
    () =>
      config.data?.captcha === 'altcha' ? (
        <AltchaWidget
          ref={widget}
          invisible={invisible}
          onPayload={(value) => {
            payload.current = value;
          }}
        />
      ) : null,
    [config.data?.captcha, invisible],
  );

  return { field, getToken, reset };
}
