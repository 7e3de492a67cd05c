import { type Category, messages } from '@carte/domain';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconLock, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import classes from './menu-form.module.css';

interface CategorySelectModalProps {
  opened: boolean;
  onClose: () => void;
  categories: Category[];
  /** Ids in the menu now. */
  selected: string[];
  onApply: (ids: string[]) => void;
  canCreate: boolean;
}

/** The menu dialog to select categories (doc 1 §2). */
export function CategorySelectModal({ opened, onClose, ...props }: CategorySelectModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Select categories" size="lg">
      {opened && <CategorySelectBody onClose={onClose} {...props} />}
    </Modal>
  );
}

function CategorySelectBody({
  onClose,
  categories,
  selected,
  onApply,
  canCreate,
}: Omit<CategorySelectModalProps, 'opened'>) {
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(selected));
  const [search, setSearch] = useState('');
  const shown = categories.filter((category) =>
    category.name.toLowerCase().includes(search.trim().toLowerCase()),
  );
  const allShownChosen = shown.length > 0 && shown.every((category) => chosen.has(category._id));

  const toggle = (id: string) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
  };

  const toggleShown = () => {
    const next = new Set(chosen);
    for (const category of shown) {
      if (allShownChosen) next.delete(category._id);
      else next.add(category._id);
    }
    setChosen(next);
  };

  if (categories.length === 0) {
    return (
      <Stack gap="md" align="flex-start">
        <Text size="sm" c="dimmed">
          There are no categories yet. Create some first, then add them to this menu.
        </Text>
        <Group justify="flex-end" w="100%">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          {canCreate && (
            <Button component={Link} to="/create-category">
              Create category
            </Button>
          )}
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <TextInput
          placeholder="Search categories"
          aria-label="Search categories"
          leftSection={<IconSearch size={14} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: 1, minWidth: 180 }}
          data-autofocus
        />
        <Button variant="subtle" size="sm" onClick={toggleShown} disabled={shown.length === 0}>
          {allShownChosen ? 'Clear all' : 'Select all'}
        </Button>
      </Group>
      <ScrollArea.Autosize mah="min(420px, 55vh)" type="auto" offsetScrollbars>
        <Stack gap={6}>
          {shown.length === 0 && (
            <Text size="sm" c="dimmed" ta="center" py="md">
              {messages.noData}
            </Text>
          )}
          {shown.map((category) => (
            <UnstyledButton
              key={category._id}
              className={classes.choice}
              data-checked={chosen.has(category._id) || undefined}
              onClick={() => toggle(category._id)}
              role="checkbox"
              aria-checked={chosen.has(category._id)}
            >
              <Group gap="sm" wrap="nowrap">
                <Checkbox checked={chosen.has(category._id)} readOnly tabIndex={-1} aria-hidden />
                <Text size="sm" fw={500} style={{ flex: 1, minWidth: 0 }} truncate>
                  {category.name}
                </Text>
                {category.fromParent && (
                  <Tooltip label={messages.readOnlyFromParent} multiline w={220}>
                    <IconLock size={14} aria-label="From the parent restaurant" />
                  </Tooltip>
                )}
                {!category.isAvailable && (
                  <Badge size="xs" variant="light" color="gray">
                    Unavailable
                  </Badge>
                )}
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {category.dishes.length} {category.dishes.length === 1 ? 'dish' : 'dishes'}
                </Text>
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      </ScrollArea.Autosize>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed">
          {chosen.size} selected
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              // Keep the menu's order for those already in it; new ones go last, in list order.
              const kept = selected.filter((id) => chosen.has(id));
              const added = categories.map((c) => c._id).filter((id) => chosen.has(id) && !kept.includes(id));
              onApply([...kept, ...added]);
              onClose();
            }}
          >
            Apply
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
