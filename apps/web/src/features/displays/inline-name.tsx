import { ActionIcon, Group, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';

/**
 * A zone's or display's name with its inline rename (doc 2 §4: "Inline rename toggles between view
 * and edit"): edit opens a field, Enter or the check saves, Escape or the cross cancels; delete asks
 * first (the caller's `onDelete`).
 */
export function InlineName({
  name,
  noun,
  order,
  onRename,
  onDelete,
}: {
  name: string;
  /** "zone" or "menu display", for labels. */
  noun: string;
  order: 'zone' | 'display';
  onRename: (name: string) => void;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(name);
  const trimmed = value.trim();

  const start = () => {
    setValue(name);
    setEditing(true);
  };
  const cancel = () => setEditing(false);
  const save = () => {
    if (!trimmed) return;
    setEditing(false);
    if (trimmed !== name) onRename(trimmed);
  };
  const handleKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    }
  };

  if (editing) {
    return (
      <Group gap={4} wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
        <TextInput
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          onKeyDown={handleKey}
          aria-label={`${noun[0]!.toUpperCase()}${noun.slice(1)} name`}
          error={trimmed ? undefined : `${noun[0]!.toUpperCase()}${noun.slice(1)} name cannot be empty`}
          maxLength={100}
          size="xs"
          style={{ flex: 1, minWidth: 0 }}
          data-autofocus
          autoFocus
        />
        <Tooltip label="Save name">
          <ActionIcon variant="filled" size="md" onClick={save} disabled={!trimmed} aria-label="Save name">
            <IconCheck size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Cancel">
          <ActionIcon variant="default" size="md" onClick={cancel} aria-label="Cancel rename">
            <IconX size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    );
  }

  return (
    <Group gap={4} wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
      <Text
        fw={order === 'zone' ? 700 : 600}
        size={order === 'zone' ? 'md' : 'sm'}
        truncate
        style={{ flex: 1, minWidth: 0 }}
        component={order === 'zone' ? 'h3' : 'h4'}
        m={0}
      >
        {name}
      </Text>
      <Tooltip label={`Rename ${noun}`}>
        <ActionIcon variant="subtle" color="gray" size="md" onClick={start} aria-label={`Rename ${name}`}>
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={`Delete ${noun}`}>
        <ActionIcon variant="subtle" color="red" size="md" onClick={onDelete} aria-label={`Delete ${name}`}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
