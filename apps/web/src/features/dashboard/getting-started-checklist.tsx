import {
  type GettingStarted,
  type GettingStartedStepId,
  type Menu,
  messages,
  remainingSteps,
} from '@carte/domain';
import {
  Button,
  Card,
  CloseButton,
  Group,
  Progress,
  Stack,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowRight, IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDismissGettingStarted } from '../../api/getting-started.api.ts';
import { useCurrentUser } from '../../api/session.ts';
import { notifyFailure } from '../../ui/notify.ts';
import { QrCodeModal } from '../sharing/index.ts';
import classes from './getting-started.module.css';

interface StepView {
  id: GettingStartedStepId;
  title: string;
  /** What the step is, or what to do next while it is the current step. */
  todo: string;
  done: string;
  action?: ReactNode;
}

/**
 * The new owner's checklist (issue 11, item 3; issue 22): menu → categories → dishes → (subscribe) →
 * publish → share, from an empty restaurant to a menu on the tables, each ticked from the server's data. The next step carries the one primary button; the
 * owner may close it, and it says so when every step is done.
 */
export function GettingStartedChecklist({ state, menus }: { state: GettingStarted; menus: Menu[] }) {
  const user = useCurrentUser();
  const dismiss = useDismissGettingStarted();
  const [qrOpened, qr] = useDisclosure(false);
  const remaining = remainingSteps(state);
  const next = remaining[0];
  const draft = menus.find((menu) => menu.draft && !menu.fromParent) ?? menus[0];
  const owner = user.role === 'RESTAURANT';

  const button = (id: GettingStartedStepId, label: string, props: Record<string, unknown>) => (
    <Button
      size="xs"
      // One primary button (the next step's); the others stay quiet but reachable, for an owner who
      // takes the steps in another order.
      variant={id === next ? 'filled' : 'subtle'}
      rightSection={id === next ? <IconArrowRight size={14} /> : undefined}
      {...props}
    >
      {label}
    </Button>
  );

  const steps: StepView[] = [
    {
      id: 'menu',
      title: 'Create a menu',
      todo: messages.createMenuWarning,
      done: `${menus.length} ${menus.length === 1 ? 'menu' : 'menus'} so far.`,
      action: button('menu', 'Create menu', {
        component: Link,
        to: '/create-menu',
        'data-tour': 'create-menu',
      }),
    },
    {
      id: 'categories',
      title: 'Add categories',
      todo: 'Sections of your menu, such as Starters and Mains. Your dishes go into them.',
      done: 'Your menu has its sections.',
      action: button('categories', 'Create category', { component: Link, to: '/create-category?new' }),
    },
    {
      id: 'dishes',
      title: 'Add dishes',
      todo: 'Give each dish a price and a photo, and put it in one of your categories.',
      done: 'Your dishes are in.',
      action: button('dishes', 'Add dish', { component: Link, to: '/create-dish' }),
    },
    ...(state.subscriptionNeeded
      ? [
          {
            id: 'subscribe' as const,
            title: 'Subscribe',
            todo: owner
              ? 'Publishing needs a subscription. Choose monthly or yearly.'
              : 'Publishing needs a subscription. The restaurant’s owner chooses the plan.',
            done: 'Your subscription is active.',
            action: owner
              ? button('subscribe', 'See plans', { component: Link, to: '/subscribe' })
              : undefined,
          },
        ]
      : []),
    {
      id: 'publish',
      title: 'Publish your menu',
      todo: 'Open your menu and choose Publish: guests see it at its scheduled hours.',
      done: 'Your menu is live.',
      action: draft
        ? button('publish', 'Open menu', { component: Link, to: `/create-menu?id=${draft._id}` })
        : undefined,
    },
    {
      id: 'share',
      title: 'Share the QR code',
      todo: 'Download the QR code or print table cards, or copy your menu’s link.',
      done: 'Your menu is out there.',
      action: button('share', 'Get QR code', { onClick: qr.open }),
    },
  ];
  const doneCount = steps.length - remaining.length;
  const finished = remaining.length === 0;

  const handleDismiss = () => dismiss.mutate(undefined, { onError: notifyFailure });

  return (
    <Card
      padding="lg"
      component="section"
      aria-labelledby="getting-started-title"
      data-tour="getting-started"
      className={classes.card}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4}>
          <Title order={2} size="h4" id="getting-started-title">
            {finished ? 'Your menu is on the tables' : 'Put your menu on the tables'}
          </Title>
          <Text size="sm" c="gray.7">
            {finished
              ? 'Every step is done. Guests scan your QR code and see what you serve.'
              : `${doneCount} of ${steps.length} steps done. Each step ticks itself when it is done.`}
          </Text>
        </Stack>
        <Tooltip label={finished ? 'Hide checklist' : 'Hide checklist (you can finish without it)'}>
          <CloseButton aria-label="Hide checklist" onClick={handleDismiss} disabled={dismiss.isPending} />
        </Tooltip>
      </Group>
      <Progress
        value={(doneCount / steps.length) * 100}
        size="sm"
        mt="md"
        mb="xs"
        aria-label={`${doneCount} of ${steps.length} steps done`}
      />
      <ol className={classes.steps}>
        {steps.map((step, index) => {
          const done = state.steps[step.id];
          return (
            <li
              key={step.id}
              className={classes.step}
              data-done={done || undefined}
              data-next={step.id === next || undefined}
              aria-current={step.id === next ? 'step' : undefined}
            >
              <span className={classes.marker} aria-hidden>
                {done ? <IconCheck size={16} stroke={2.5} /> : index + 1}
              </span>
              <div className={classes.text}>
                <Text fw={600} size="sm" className={classes.title}>
                  {step.title}
                  <VisuallyHidden>{done ? ' (done)' : ' (to do)'}</VisuallyHidden>
                </Text>
                <Text size="sm" c="gray.7">
                  {done ? step.done : step.todo}
                </Text>
              </div>
              {!done && step.action && <div className={classes.action}>{step.action}</div>}
            </li>
          );
        })}
      </ol>
      {finished && (
        <Group justify="flex-end" mt="sm">
          <Button size="xs" variant="default" onClick={handleDismiss} loading={dismiss.isPending}>
            Hide checklist
          </Button>
        </Group>
      )}
      <QrCodeModal opened={qrOpened} onClose={qr.close} />
    </Card>
  );
}
