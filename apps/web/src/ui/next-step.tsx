import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { IconArrowRight, IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useGettingStarted } from '../api/getting-started.api.ts';
import { type FirstHourStep, firstHourView, stepBefore } from './first-hour.ts';
import { useCan } from './use-can.ts';

/** Who may take each step (the route's flag): the others read whom to ask. */
const flagOf = {
  menu: 'menu',
  categories: 'category',
  dishes: 'dish',
  publish: 'menu',
  share: 'menu',
} as const;

/**
 * What comes first, said at the top of a form that cannot be used yet (issue 22, item 1): "Create a
 * menu first", why, and the action itself, instead of disabled fields with a grey reason below.
 */
export function FirstStepCallout({ step }: { step: FirstHourStep }) {
  const can = useCan();
  const view = firstHourView(step);
  const allowed = can(flagOf[step]);
  return (
    <Alert
      variant="light"
      color="blue"
      icon={<IconInfoCircle size={18} />}
      title={view.first}
      role="region"
      aria-label={view.first}
    >
      <Text size="sm">{allowed ? view.why : `${view.why} Ask the restaurant’s owner to do it.`}</Text>
      {allowed && (
        <Group mt="sm">
          <Button component={Link} to={view.to} size="sm" rightSection={<IconArrowRight size={14} />}>
            {view.action}
          </Button>
        </Group>
      )}
    </Alert>
  );
}

/**
 * An owner's empty list (categories, dishes) leads the first hour's way (issue 22, item 1): the step
 * still missing before it ("Create a menu first"), or else the list's own first action.
 */
export function EmptyListNext({ list, noun }: { list: FirstHourStep; noun: string }) {
  const can = useCan();
  const state = useGettingStarted({ enabled: can('menu') });
  const step = stepBefore(state.data, list) ?? list;
  const view = firstHourView(step);
  const allowed = can(flagOf[step]);
  return (
    <>
      {`No ${noun} yet. ${step === list ? view.why : `${view.first}.`} `}
      {allowed && (
        <Anchor component={Link} to={view.to} fw={600} size="sm">
          {view.action}
        </Anchor>
      )}
    </>
  );
}
