import { plainText, type TranslationRow, type TranslationSaveResult } from '@carte/domain';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { translationsApi } from '../../api/translations.api.ts';
import { RichTextEditor } from '../../ui/rich-text-editor.tsx';
import { fieldLabel } from './translation-groups.ts';

/** How long typing pauses before a field is saved. */
export const SAVE_DELAY_MS = 600;

type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'failed';

const stateBadge: Record<TranslationRow['state'], { label: string; color: string } | null> = {
  missing: { label: 'Missing', color: 'red' },
  stale: { label: 'Stale', color: 'orange' },
  machine: { label: 'Machine', color: 'grape' },
  done: null,
};

/**
 * One text and its translation side by side (stacked on a phone). Typing is saved ~600 ms after the
 * last key; the field keeps what was typed whatever the server answers, and a failed save is retried
 * with the next key or the Retry button. A machine draft offers "Accept"; a stale translation
 * "Still right" (both keep the text as it is).
 */
export function TranslationRowEditor({
  row,
  lang,
  onSaved,
}: {
  row: TranslationRow;
  lang: string;
  onSaved: (result: TranslationSaveResult) => void;
}) {
  const [value, setValue] = useState(row.translation);
  const [save, setSave] = useState<SaveState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(value);
  const inFlight = useRef(false);
  const touched = useRef(false);
  const again = useRef(false);
  const sourceId = `source-${row.kind}-${row.id}-${row.field}`;

  const send = async (body: { text: string; accept?: boolean }) => {
    if (inFlight.current) {
      again.current = true;
      return;
    }
    inFlight.current = true;
    setSave('saving');
    try {
      const result = await translationsApi.save(lang, {
        items: [{ kind: row.kind, id: row.id, field: row.field, ...body }],
      });
      onSaved(result);
      setSave('saved');
    } catch {
      setSave('failed');
    } finally {
      inFlight.current = false;
      if (again.current) {
        again.current = false;
        void send({ text: latest.current });
      }
    }
  };

  const change = (text: string) => {
    // The rich-text editor reports its first (normalized) value on its own: only a person's edits save.
    if (text === latest.current || (row.rich && !touched.current)) {
      setValue(text);
      latest.current = text;
      return;
    }
    setValue(text);
    latest.current = text;
    setSave('pending');
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void send({ text: latest.current }), SAVE_DELAY_MS);
  };

  // Leaving the screen sends what is still waiting, so no typing is lost.
  useEffect(
    () => () => {
      if (timer.current) {
        clearTimeout(timer.current);
        void translationsApi
          .save(lang, { items: [{ kind: row.kind, id: row.id, field: row.field, text: latest.current }] })
          .catch(() => undefined);
      }
    },
    [lang, row.kind, row.id, row.field],
  );

  const badge = stateBadge[row.state];
  const label = `${fieldLabel(row.kind, row.field)} — ${row.label}`;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="translation-row" data-state={row.state}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
        <Stack gap={4}>
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Text size="xs" c="dimmed" fw={600} tt="uppercase" truncate>
              {fieldLabel(row.kind, row.field)}
              {row.field === 'name' || row.kind === 'restaurant' ? '' : ` · ${row.label}`}
            </Text>
            {badge && (
              <Badge size="sm" variant="light" color={badge.color}>
                {badge.label}
              </Badge>
            )}
          </Group>
          <Text id={sourceId} size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {row.rich ? plainText(row.source) : row.source}
          </Text>
        </Stack>
        <Stack gap={4}>
          {row.rich ? (
            <div
              onFocusCapture={() => {
                touched.current = true;
              }}
            >
              <RichTextEditor
                label={`Translation: ${label}`}
                value={value}
                onChange={change}
                minHeight={80}
              />
            </div>
          ) : (
            <Textarea
              aria-label={`Translation: ${label}`}
              aria-describedby={sourceId}
              value={value}
              onChange={(event) => change(event.currentTarget.value)}
              autosize
              minRows={1}
              maxRows={6}
            />
          )}
          <Group gap="xs" justify="space-between" mih={20}>
            <SaveStatus state={save} onRetry={() => void send({ text: latest.current })} />
            {(row.state === 'machine' || row.state === 'stale') &&
              save !== 'pending' &&
              save !== 'saving' && (
                <Button
                  size="compact-xs"
                  variant="light"
                  leftSection={<IconCheck size={14} />}
                  onClick={() => void send({ text: '', accept: true })}
                >
                  {row.state === 'machine' ? 'Accept' : 'Still right'}
                </Button>
              )}
          </Group>
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}

function SaveStatus({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  if (state === 'failed')
    return (
      <Group gap={6}>
        <Text size="xs" c="red" role="alert">
          Not saved
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={onRetry}>
          Retry
        </Button>
      </Group>
    );
  const text = state === 'saving' || state === 'pending' ? 'Saving…' : state === 'saved' ? 'Saved' : '';
  return (
    <Text size="xs" c="dimmed" aria-live="polite">
      {text}
    </Text>
  );
}
