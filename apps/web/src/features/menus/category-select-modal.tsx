import { type Category, messages } from '@carte/domain';
import { Badge, Button, Group, Modal, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { orderedChoice, PickEmpty, PickFooter, PickOption, useChosenIds } from '../../ui/pick-list.tsx';
import { matchesSearch, SearchInput } from '../../ui/search-input.tsx';

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
  const { chosen, toggle, toggleAll, allChosen } = useChosenIds(selected);
  const [search, setSearch] = useState('');
  const shown = categories.filter((category) => matchesSearch(search, category.name));
  const shownIds = shown.map((category) => category._id);

  if (categories.length === 0) {
    return (
      <PickEmpty
        message="There are no categories yet. Create some first, then add them to this menu."
        onClose={onClose}
        create={canCreate && { label: 'Create category', to: '/create-category' }}
      />
    );
  }

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <SearchInput
          label="Search categories"
          value={search}
          onChange={setSearch}
          style={{ flex: 1, minWidth: 180 }}
          data-autofocus
        />
        <Button variant="subtle" size="sm" onClick={() => toggleAll(shownIds)} disabled={shown.length === 0}>
          {allChosen(shownIds) ? 'Clear all' : 'Select all'}
        </Button>
      </Group>
      <ScrollArea.Autosize mah="min(420px, 55vh)" type="auto" offsetScrollbars>
        <Stack gap={6}>
          {shown.length === 0 && (
            <Text size="sm" c="dimmed" ta="center" py="md">
              {categories.length === 0
                ? 'No categories yet: create them in Categories, then add them here.'
                : 'No category matches your search.'}
            </Text>
          )}
          {shown.map((category) => (
            <PickOption
              key={category._id}
              checked={chosen.has(category._id)}
              onToggle={() => toggle(category._id)}
            >
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
            </PickOption>
          ))}
        </Stack>
      </ScrollArea.Autosize>
      <PickFooter
        count={chosen.size}
        onCancel={onClose}
        onApply={() => {
          // Keep the menu's order for those already in it; new ones go last, in list order.
          onApply(
            orderedChoice(
              selected,
              categories.map((category) => category._id),
              chosen,
            ),
          );
          onClose();
        }}
      />
    </Stack>
  );
}
