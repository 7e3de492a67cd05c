import { satisfies } from '@carte/domain';
import { Tour } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useCurrentUser } from '../../api/session.ts';
import { storageKeys } from '../../api/storage-keys.ts';
import { type TourStepDef, tourSteps } from './tour-steps.ts';

/** "The tour starts about 1 second after the first login" (doc 1 §9). */
const START_DELAY_MS = 1000;

/** An element the user can see now: laid out and inside the window (a closed phone drawer is not). */
function isOnScreen(selector: string): boolean {
  const element = document.querySelector(selector);
  if (!(element instanceof HTMLElement)) return false;
  const rect = element.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0 && rect.right > 0 && rect.left < window.innerWidth;
}

/**
 * The guided first-login tour (doc 1 §2). It runs once per user id (remembered in local storage,
 * which is also the first-login marker that lets the selected menu be restored, doc 1 §4), shows only
 * the steps the user's permissions allow, and starts once the dashboard has its data (`ready`).
 */
export function FirstLoginTour({ ready }: { ready: boolean }) {
  const user = useCurrentUser();
  const [steps, setSteps] = useState<TourStepDef[]>([]);
  const [active, setActive] = useState(false);
  const seenKey = storageKeys.tourSeen(user._id);

  useEffect(() => {
    if (!ready || localStorage.getItem(seenKey) !== null) return;
    const timer = window.setTimeout(() => {
      const allowed = tourSteps.filter(
        (step) =>
          satisfies(user.role, user.permissions, { except: step.permissions, connector: step.connector }) &&
          isOnScreen(step.target),
      );
      if (allowed.length === 0) {
        localStorage.setItem(seenKey, new Date().toISOString());
        return;
      }
      setSteps(allowed);
      setActive(true);
    }, START_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [ready, seenKey, user.role, user.permissions]);

  const handleClose = () => {
    localStorage.setItem(seenKey, new Date().toISOString());
    setActive(false);
  };

  if (steps.length === 0) return null;
  return (
    <Tour
      active={active}
      onClose={handleClose}
      maxWidth={320}
      spotlightRadius={8}
      labels={{ close: 'Done', skip: 'Skip tour' }}
    >
      {steps.map((step) => (
        <Tour.Step
          key={step.target}
          target={step.target}
          title={step.title}
          position={step.position ?? 'bottom'}
        >
          {step.body}
        </Tour.Step>
      ))}
    </Tour>
  );
}
