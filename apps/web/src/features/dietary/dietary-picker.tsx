import {
  type DietaryLists,
  type DietaryType,
  dietaryTypeLabels,
  dietaryTypes,
  messages,
} from '@carte/domain';
import {
  ActionIcon,
  Chip,
  Group,
  Menu,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDotsVertical, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../api/api-error.ts';
import { useDietary, useUpdateDietary } from '../../api/dietary.api.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { DeleteDietaryModal } from './delete-dietary-modal.tsx';
import classes from './dietary-picker.module.css';
import { type DietaryEntry, EditDietaryModal } from './edit-dietary-modal.tsx';

/** What each list means on the public menu's filters (doc 1 §3). */
const hints: Record<DietaryType, string> = {
  diets: 'Diets this dish suits',
  foodTypes: 'Potential allergens it contains',
  other: 'Anything else guests should know',
};

export interface DishDietary {
  /** Chosen entries of the restaurant's own lists. */
  selected: DietaryLists;
  /** Chosen entries of the platform's lists. */
  admin: DietaryLists;
}

const key = (value: string) => value.trim().toLowerCase();
const toggle = (list: string[], name: string) =>
  list.includes(name) ? list.filter((item) => item !== name) : [...list, name];

/**
 * Dietary considerations of a dish (doc 1 §2, doc 2 §5): the platform's entries and the restaurant's
 * own, per type; owners add their own entries here, rename and delete them.
 */
export function DietaryPicker({
  value,
  onChange,
  dishId,
  disabled,
}: {
  value: DishDietary;
  onChange: (next: DishDietary) => void;
  /** The saved dish, so a new entry is also selected on it at once. */
  dishId?: string | null;
  disabled?: boolean;
}) {
  const dietary = useDietary();
  const [editing, setEditing] = useState<DietaryEntry | null>(null);
  const [deleting, setDeleting] = useState<DietaryEntry | null>(null);

  const setList = (part: keyof DishDietary, type: DietaryType, list: string[]) =>
    onChange({ ...value, [part]: { ...value[part], [type]: list } });

  if (dietary.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {dietaryTypes.map((type) => (
          <Stack key={type} gap="xs">
            <Skeleton height={18} width="40%" />
            <Skeleton height={64} />
          </Stack>
        ))}
      </SimpleGrid>
    );
  }
  if (!dietary.data) {
    return (
      <Text size="sm" c="dimmed">
        {messages.somethingWentWrongLater}
      </Text>
    );
  }
  const lists = dietary.data;

  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg" verticalSpacing="lg">
        {dietaryTypes.map((type) => (
          <Stack key={type} gap="xs" className={classes.column}>
            <div>
              <Title order={3} fz="sm">
                {dietaryTypeLabels[type]}
              </Title>
              <Text size="xs" c="dimmed">
                {hints[type]}
              </Text>
            </div>
            <Group gap={6}>
              {lists.admin[type].map((name) => (
                <Chip
                  key={`admin-${name}`}
                  size="xs"
                  checked={value.admin[type].includes(name)}
                  onChange={() => setList('admin', type, toggle(value.admin[type], name))}
                  disabled={disabled}
                >
                  {name}
                </Chip>
              ))}
            </Group>
            {lists.own[type].length > 0 && (
              <div>
                <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={6} className={classes.ownLabel}>
                  Your own
                </Text>
                <Group gap={6}>
                  {lists.own[type].map((name) => (
                    <Group key={`own-${name}`} gap={0} wrap="nowrap" className={classes.own}>
                      <Chip
                        size="xs"
                        color="teal"
                        variant="outline"
                        checked={value.selected[type].includes(name)}
                        onChange={() => setList('selected', type, toggle(value.selected[type], name))}
                        disabled={disabled}
                      >
                        {name}
                      </Chip>
                      {!disabled && (
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              size="sm"
                              aria-label={`Rename or delete ${name}`}
                            >
                              <IconDotsVertical size={14} />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item
                              leftSection={<IconPencil size={14} />}
                              onClick={() => setEditing({ type, name })}
                            >
                              Rename
                            </Menu.Item>
                            <Menu.Item
                              color="red"
                              leftSection={<IconTrash size={14} />}
                              onClick={() => setDeleting({ type, name })}
                            >
                              Delete
                            </Menu.Item>
                          </Menu.Dropdown>
                        </Menu>
                      )}
                    </Group>
                  ))}
                </Group>
              </div>
            )}
            {!disabled && (
              <AddDietaryField
                type={type}
                lists={lists}
                dishId={dishId}
                onAdded={(name) => setList('selected', type, [...value.selected[type], name])}
              />
            )}
          </Stack>
        ))}
      </SimpleGrid>

      <EditDietaryModal
        entry={editing}
        lists={lists}
        dishId={dishId}
        onClose={() => setEditing(null)}
        onRenamed={(entry, name) =>
          setList(
            'selected',
            entry.type,
            value.selected[entry.type].map((item) => (item === entry.name ? name : item)),
          )
        }
      />
      <DeleteDietaryModal
        entry={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(entry) =>
          setList(
            'selected',
            entry.type,
            value.selected[entry.type].filter((item) => item !== entry.name),
          )
        }
      />
    </>
  );
}

function AddDietaryField({
  type,
  lists,
  dishId,
  onAdded,
}: {
  type: DietaryType;
  lists: { admin: DietaryLists; own: DietaryLists };
  dishId?: string | null;
  onAdded: (name: string) => void;
}) {
  const update = useUpdateDietary();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const handleAdd = async () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setError(messages.dietaryRequired);
      return;
    }
    if ([...lists.admin[type], ...lists.own[type]].some((item) => key(item) === key(trimmed))) {
      setError(messages.dietaryInList(trimmed, dietaryTypeLabels[type]));
      return;
    }
    try {
      await update.mutateAsync({ name: trimmed, type, dish_id: dishId ?? null });
      onAdded(trimmed);
      setName('');
      setError(null);
      notifySuccess(messages.dietaryUpdated);
    } catch (failure) {
      if (isApiError(failure) && failure.notified) return;
      if (isApiError(failure) && failure.status === 400) setError(failure.message);
      else notifyError(messages.dietaryFailed);
    }
  };

  return (
    <TextInput
      size="xs"
      placeholder={`Add to ${dietaryTypeLabels[type]}…`}
      aria-label={`Add your own ${dietaryTypeLabels[type]} entry`}
      value={name}
      maxLength={60}
      onChange={(event) => {
        setName(event.currentTarget.value);
        setError(null);
      }}
      onKeyDown={(event) => {
        // Enter adds the entry instead of submitting the dish form around it.
        if (event.key === 'Enter') {
          event.preventDefault();
          void handleAdd();
        }
      }}
      error={error}
      rightSectionWidth={32}
      rightSection={
        <ActionIcon
          size="sm"
          variant="subtle"
          onClick={handleAdd}
          loading={update.isPending}
          aria-label={`Add to ${dietaryTypeLabels[type]}`}
        >
          <IconPlus size={14} />
        </ActionIcon>
      }
    />
  );
}
