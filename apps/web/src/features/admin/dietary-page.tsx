import {
  type DietaryLists,
  type DietaryRename,
  type DietaryType,
  dietaryTypeLabels,
  dietaryTypes,
  messages,
} from '@carte/domain';
import {
  Alert,
  Button,
  Card,
  Group,
  List,
  Modal,
  Select,
  Skeleton,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { adminApi, adminKeys } from '../../api/admin.api.ts';
import { errorMessage, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { renamedIn, renamesToSend, withRename } from './dietary-renames.ts';

const hints: Record<DietaryType, string> = {
  diets: 'Diets a dish suits (guests filter to include only these)',
  foodTypes: 'Allergens and food types (guests filter to exclude these)',
  other: 'Anything else worth a tag',
};

const key = (value: string) => value.trim().toLowerCase();

/**
 * /admin/dietary-considerations (doc 3 §2.2): the platform's three lists, unique tags, Submit. Every
 * restaurant's dish form offers these, plus its own additions. A tag removed stays on the dishes that
 * have it; a tag renamed ("Rename a tag") is renamed on every dish on Submit (`renames`).
 */
export function DietaryConsiderationsPage() {
  const queryClient = useQueryClient();
  const dietary = useQuery({
    queryKey: adminKeys.dietary,
    queryFn: ({ signal }) => adminApi.dietary(signal),
  });
  const [lists, setLists] = useState<DietaryLists | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [renames, setRenames] = useState<DietaryRename[]>([]);
  const [renaming, setRenaming] = useState<DietaryType | null>(null);
  const saved = dietary.data?.dietaryConsiderations.admin;
  const pending = lists ? renamesToSend(renames, lists) : [];
  useEffect(() => {
    if (dietary.data && !lists) setLists(dietary.data.dietaryConsiderations.admin);
  }, [dietary.data, lists]);

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!lists) return;
    setSaving(true);
    setError(null);
    try {
      const answer = await adminApi.saveDietary({
        ...lists,
        originalDietaryConsiderations: saved,
        renames: pending,
      });
      setLists(answer.dietaryConsiderations.admin);
      setRenames([]);
      queryClient.setQueryData(adminKeys.dietary, answer);
      notifySuccess(messages.dietarySaved);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Dietary considerations"
        description="The lists every restaurant starts from. Restaurants can add their own entries on top."
      />
      <Card padding="lg" component="form" onSubmit={handleSubmit} maw={760}>
        {dietary.isError ? (
          <Alert color="red" title="Failed to load data">
            {errorMessage(dietary.error)}
          </Alert>
        ) : !lists ? (
          <Stack gap="lg">
            {dietaryTypes.map((type) => (
              <Skeleton key={type} h={64} />
            ))}
          </Stack>
        ) : (
          <Stack gap="lg">
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            {dietaryTypes.map((type) => (
              <Stack key={type} gap={4}>
                <TagsInput
                  id={`dietary-${type}`}
                  label={dietaryTypeLabels[type]}
                  description={hints[type]}
                  placeholder="Type a tag and press Enter"
                  value={lists[type]}
                  onChange={(value) => setLists({ ...lists, [type]: value })}
                  allowDuplicates={false}
                  clearable
                  splitChars={[',']}
                />
                <Group justify="flex-end">
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    disabled={lists[type].length === 0}
                    onClick={() => setRenaming(type)}
                    aria-label={`Rename a tag in ${dietaryTypeLabels[type]}`}
                  >
                    Rename a tag
                  </Button>
                </Group>
              </Stack>
            ))}
            {pending.length > 0 && (
              <Alert color="blue" title="Renamed on every dish when you submit">
                <List size="sm" spacing={2}>
                  {pending.map((rename) => (
                    <List.Item key={`${rename.type}:${rename.from}`}>
                      {dietaryTypeLabels[rename.type]}: {rename.from} → {rename.to}
                    </List.Item>
                  ))}
                </List>
              </Alert>
            )}
            <Group justify="space-between" gap="sm">
              <Text size="xs" c="dimmed">
                Tags must be unique. A removed tag stays on the dishes that have it; a renamed tag is renamed
                on them.
              </Text>
              <Button type="submit" loading={saving}>
                Submit
              </Button>
            </Group>
          </Stack>
        )}
      </Card>
      <RenameTagModal
        type={renaming}
        tags={renaming && lists ? lists[renaming] : []}
        onClose={() => setRenaming(null)}
        onRename={(type, current, next) => {
          if (!lists || !saved) return;
          setLists({ ...lists, [type]: renamedIn(lists[type], current, next) });
          setRenames(withRename(renames, saved, type, current, next));
          setRenaming(null);
        }}
      />
    </Stack>
  );
}

/** Picks a tag of one list and its new name; the page applies it to the list and remembers it. */
function RenameTagModal({
  type,
  tags,
  onClose,
  onRename,
}: {
  type: DietaryType | null;
  tags: string[];
  onClose: () => void;
  onRename: (type: DietaryType, current: string, next: string) => void;
}) {
  const [current, setCurrent] = useState<string | null>(null);
  const [next, setNext] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (type === null) return;
    setCurrent(null);
    setNext('');
    setError(null);
  }, [type]);

  const problem = (value: string): string | null => {
    if (!value.trim()) return messages.dietaryRequired;
    const taken = tags.some((tag) => tag !== current && key(tag) === key(value));
    return taken ? messages.dietaryTagsUnique : null;
  };

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    // The dialog sits inside the page's form in React's tree: its submit must not reach that form.
    event.stopPropagation();
    if (!type || !current) return;
    const found = problem(next);
    setError(found);
    if (found) return;
    onRename(type, current, next.trim());
  };

  return (
    <Modal
      opened={type !== null}
      onClose={onClose}
      title={type ? `Rename a ${dietaryTypeLabels[type]} tag` : 'Rename a tag'}
      size="sm"
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            When you submit, every dish that has the tag shows the new name, and the diners' filter offers
            only the new name.
          </Text>
          <Select
            label="Tag"
            data={tags}
            value={current}
            onChange={(value) => {
              setCurrent(value);
              if (value && !next) setNext(value);
            }}
            searchable
            withAsterisk
            data-autofocus
          />
          <TextInput
            label="New name"
            withAsterisk
            value={next}
            onChange={(event) => {
              setNext(event.currentTarget.value);
              if (error) setError(problem(event.currentTarget.value));
            }}
            error={error}
            maxLength={60}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!current}>
              Rename
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
