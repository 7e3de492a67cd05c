import type { AltchaWidgetElement } from 'altcha/types/generic';
import type {} from 'altcha/types/react';
import { type Ref, useEffect, useRef } from 'react';
import classes from './altcha-widget.module.css';

interface AltchaWidgetProps {
  ref: Ref<AltchaWidgetElement | null>;
  /** The solved payload, or null when it expired or was reset. */
  onPayload: (payload: string | null) => void;
  /** No check box: the proof of work runs unseen (signed-in forms). */
  invisible?: boolean;
}

const CHALLENGE_URL = '/api/captcha/challenge';

/**
 * ALTCHA's web component (self-hosted proof of work, decisions §1). The script is imported only when
 * the server uses ALTCHA. It starts solving as soon as the user focuses the form, so by the time they
 * submit the proof is usually ready; `verify()` finishes it otherwise.
 */
export function AltchaWidget({ ref, onPayload, invisible = false }: AltchaWidgetProps) {
  const element = useRef<AltchaWidgetElement | null>(null);
  const onPayloadRef = useRef(onPayload);
  onPayloadRef.current = onPayload;

  useEffect(() => {
    void import('altcha');
    const widget = element.current;
    if (!widget) return;
    const handleState = (event: Event) => {
      const detail = (event as CustomEvent<{ state?: string; payload?: string }>).detail;
      onPayloadRef.current(detail?.state === 'verified' && detail.payload ? detail.payload : null);
    };
    const handleExpired = () => onPayloadRef.current(null);
    widget.addEventListener('statechange', handleState);
    widget.addEventListener('expired', handleExpired);
    return () => {
      widget.removeEventListener('statechange', handleState);
      widget.removeEventListener('expired', handleExpired);
    };
  }, []);

  return (
    <altcha-widget
      ref={(node: HTMLElement | null) => {
        const widget = node as AltchaWidgetElement | null;
        element.current = widget;
        if (typeof ref === 'function') ref(widget);
        else if (ref) ref.current = widget;
      }}
      className={classes.widget}
      challenge={CHALLENGE_URL}
      auto="onfocus"
      display={invisible ? 'invisible' : undefined}
      name="altcha"
    />
  );
}
