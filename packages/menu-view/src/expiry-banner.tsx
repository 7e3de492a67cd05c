/** @jsxRuntime automatic @jsxImportSource react */
import type { ExpiryBannerProps } from './types.ts';
import { useWords } from './words-context.ts';

/**
 * The timeline banner (doc 2 §4): the shown menu expires in N minutes, the next one starts at HH:mm;
 * switch or close. Fixed to the bottom of the screen, so appearing never moves the menu.
 */
export function ExpiryBanner(props: ExpiryBannerProps) {
  const words = useWords();
  const { minutesLeft, nextMenuName, startsAt, notice, busy } = props;
  return (
    <section className="cm-banner" aria-label={words.expiresIn(minutesLeft)}>
      <p className="cm-banner-text" role="status">
        {notice ?? `${words.expiresIn(minutesLeft)} ${words.nextStartsAt(nextMenuName, startsAt)}`}
      </p>
      <div className="cm-banner-actions">
        {notice ? null : (
          <button
            type="button"
            className="cm-button cm-banner-switch"
            onClick={props.onSwitch}
            disabled={busy}
          >
            {busy ? words.switching : words.switchTo(nextMenuName)}
          </button>
        )}
        <button
          type="button"
          className="cm-banner-close"
          onClick={props.onClose}
          aria-label={words.closeBanner}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    </section>
  );
}
