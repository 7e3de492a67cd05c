import { Tour } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useCurrentUser } from '../../api/session.ts';
import { storageKeys } from '../../api/storage-keys.ts';
import './dashboard.module.css';
import { type TourState, type TourStepView, tourStepsFor } from './tour-steps.ts';

/** "The tour starts about 1 second after the first login" (doc 1 §9). */
const START_DELAY_MS = 1000;
/** The attribute that outlines the element the current step points at (no dimmed backdrop). */
const CURRENT = 'data-tour-current';

/** An element the user can see now: laid out and inside the window (a closed phone drawer is not). */
function isOnScreen(selector: string): boolean {
  const element = document.querySelector(selector);
  if (!(element instanceof HTMLElement)) return false;
  const rect = element.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0 && rect.right > 0 && rect.left < window.innerWidth;
}

function outline(target: string | null) {
  for (const element of document.querySelectorAll(`[${CURRENT}]`)) element.removeAttribute(CURRENT);
  if (target) document.querySelector(target)?.setAttribute(CURRENT, '');
}

/**
 * The guided first-login tour (doc 1 §2; issue 22, item 4). It starts about a second after the
 * dashboard first shows its content (`ready`), runs once per user id (remembered in local storage as
 * soon as it starts, which is also the first-login marker that lets the selected menu be restored,
 * doc 1 §4), and shows only the steps that the user's permissions and the restaurant's `state` make
 * useful and whose element is on the screen.
 *
 * It never blocks the page: no backdrop and no focus trap, so every control stays usable while a
 * step is open; the step's element is outlined instead of spotlit, and arrow keys keep their meaning.
 */
export function FirstLoginTour({ ready, state }: { ready: boolean; state: TourState }) {
  const user = useCurrentUser();
  const [steps, setSteps] = useState<TourStepView[]>([]);
  const [active, setActive] = useState(false);
  const seenKey = storageKeys.tourSeen(user._id);
  // The state and permissions as they are when the timer fires: a refetch must not restart it.
  const latest = useRef({ user, state });
  latest.current = { user, state };

  useEffect(() => {
    if (!ready || localStorage.getItem(seenKey) !== null) return;
    const timer = window.setTimeout(() => {
      const shown = tourStepsFor(latest.current.user, latest.current.state).filter((step) =>
        isOnScreen(step.target),
      );
      localStorage.setItem(seenKey, new Date().toISOString());
      if (shown.length === 0) return;
      setSteps(shown);
      setActive(true);
    }, START_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [ready, seenKey]);

  // Leaving the dashboard mid-tour takes the outline with it.
  useEffect(() => () => outline(null), []);

  const handleClose = () => {
    outline(null);
    setActive(false);
  };

  if (steps.length === 0) return null;
  return (
    <Tour
      active={active}
      onClose={handleClose}
      onStepOpen={(index) => outline(steps[index]?.target ?? null)}
      withOverlay={false}
      withKeyboardNavigation={false}
      // "Skip tour" closes it; an X labelled like the last step's "Done" would say the same twice.
      withCloseButton={false}
      maxWidth={320}
      labels={{ close: 'Done', skip: 'Skip tour' }}
      tooltipShadow="xl"
      // "2 of 9" in the page's readable grey: Mantine's gray.6 fails contrast on white.
      styles={{ stepCounter: { color: 'var(--mantine-color-gray-7)' } }}
      data-testid="first-login-tour"
    >
      {steps.map((step) => (
        <Tour.Step key={step.target} target={step.target} title={step.title} position={step.position}>
          {step.body}
        </Tour.Step>
      ))}
    </Tour>
  );
}
