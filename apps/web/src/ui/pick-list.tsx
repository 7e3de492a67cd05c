import { Button, Checkbox, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import classes from './pick-list.module.css';

/** The ids chosen in a pick dialog, starting from those chosen before it opened. */
export function useChosenIds(initial: readonly string[]) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(initial));
  const allChosen = (ids: readonly string[]) => ids.length > 0 && ids.every((id) => chosen.has(id));
  return {
    chosen,
    allChosen,
    someChosen: (ids: readonly string[]) => ids.some((id) => chosen.has(id)),
    toggle: (id: string) => {
      const next = new Set(chosen);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      setChosen(next);
    },
    /** Chooses all of `ids`, or none of them when all are chosen already. */
    toggleAll: (ids: readonly string[]) => {
      const next = new Set(chosen);
      const remove = allChosen(ids);
      for (const id of ids) {
        if (remove) next.delete(id);
        else next.add(id);
      }
      setChosen(next);
    },
  };
}

/** The dialog's answer: ids chosen before keep their order, newly chosen ones follow in list order. */
export function orderedChoice(
  before: readonly string[],
  listed: readonly string[],
  chosen: ReadonlySet<string>,
): string[] {
  const kept = before.filter((id) => chosen.has(id));
  return [...kept, ...listed.filter((id) => chosen.has(id) && !kept.includes(id))];
}

/** One choice of a pick dialog: the whole line toggles, with a check box drawn at its start. */
export function PickOption({
  checked,
  onToggle,
  children,
}: {
  checked: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  return (
    <UnstyledButton
      className={classes.option}
      data-checked={checked || undefined}
      onClick={onToggle}
      role="checkbox"
      aria-checked={checked}
    >
      <Group gap="sm" wrap="nowrap">
        <Checkbox checked={checked} readOnly tabIndex={-1} aria-hidden size="xs" />
        {children}
      </Group>
    </UnstyledButton>
  );
}

/** A pick dialog with nothing to pick yet: why, Close, and a link to create some. */
export function PickEmpty({
  message,
  onClose,
  create,
}: {
  message: string;
  onClose: () => void;
  create?: { label: string; to: string } | false;
}) {
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {message}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        {create && (
          <Button component={Link} to={create.to}>
            {create.label}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** "N selected", Cancel and Apply at the foot of a pick dialog. */
export function PickFooter({
  count,
  onCancel,
  onApply,
}: {
  count: number;
  onCancel: () => void;
  onApply: () => void;
}) {
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed">
        {count} selected
      </Text>
      <Group gap="sm">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onApply}>Apply</Button>
      </Group>
    </Group>
  );
}
