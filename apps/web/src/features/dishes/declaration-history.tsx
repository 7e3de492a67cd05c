import { Button, Card, Collapse, Group, List, Loader, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconHistory } from '@tabler/icons-react';
import { useId } from 'react';
import { useDishDeclarationHistory } from '../../api/allergen-records.api.ts';
import { formatDateTime } from '../../ui/dates.ts';
import { errorMessage } from '../../ui/notify.ts';
import { changeSentence } from '../allergen-matrix/index.ts';

/**
 * The dish form's "History" (issue 23 §6): every kept change of the dish's allergen, calorie and
 * portion declarations, newest first, in words ("Ana changed allergens: contains Milk → contains
 * Milk, Eggs · 28/11/2026, 10:12"). Folded until asked for; read when first opened.
 */
export function DeclarationHistory({ dishId }: { dishId: string }) {
  const [opened, { toggle }] = useDisclosure(false);
  const history = useDishDeclarationHistory(dishId, { enabled: opened });
  const panelId = useId();
  return (
    <Card component="section" aria-label="History">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <div style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Title order={2} fz="h3">
            History
          </Title>
          <Text size="sm" c="dimmed">
            Who changed this dish’s own allergens (the kitchen’s additions and the confirmation), calories and
            portion, and when.
          </Text>
        </div>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconHistory size={14} />}
          rightSection={
            <IconChevronDown
              size={14}
              style={{ transform: opened ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
            />
          }
          aria-expanded={opened}
          aria-controls={panelId}
          onClick={toggle}
          style={{ flexShrink: 0 }}
        >
          {opened ? 'Hide history' : 'Show history'}
        </Button>
      </Group>
      <Collapse expanded={opened} id={panelId}>
        <div style={{ paddingTop: 'var(--mantine-spacing-md)' }}>
          {history.isPending ? (
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                Loading the history…
              </Text>
            </Group>
          ) : history.isError ? (
            <Text size="sm" c="red">
              {errorMessage(history.error)}
            </Text>
          ) : history.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              No change kept yet: a change of the allergens, calories or portion shows here.
            </Text>
          ) : (
            <List spacing={6} size="sm" aria-label="Declaration changes, newest first">
              {history.data.map((change) => (
                <List.Item key={change._id}>
                  <Text span size="sm">
                    {changeSentence(change)}
                  </Text>{' '}
                  <Text span size="sm" c="dimmed">
                    · <time dateTime={change.createdAt}>{formatDateTime(change.createdAt)}</time>
                  </Text>
                </List.Item>
              ))}
            </List>
          )}
        </div>
      </Collapse>
    </Card>
  );
}
