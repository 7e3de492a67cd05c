import {
  englishLanguageName,
  type TranslationCounts,
  type TranslationImportResult,
  type TranslationRow,
  type TranslationSaveResult,
} from '@carte/domain';
import {
  Alert,
  Button,
  Chip,
  FileInput,
  Group,
  Modal,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconFileUpload, IconLanguage } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import {
  translationsApi,
  useImportTranslations,
  useTranslationList,
  useTranslationSummary,
} from '../../api/translations.api.ts';
import { DownloadButton } from '../../ui/download-button.tsx';
import { formatCount } from '../../ui/format.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { TranslateMissingButton } from './translate-missing-button.tsx';
import { groupTranslations, rowKey, type TranslationFilter, withSavedStates } from './translation-groups.ts';
import { TranslationRowEditor } from './translation-row.tsx';

/** Rows shown at first in a group; "Show more" adds as many again. */
const PAGE = 40;

const countsOf = (rows: readonly TranslationRow[]): TranslationCounts => {
  const counts: TranslationCounts = { missing: 0, stale: 0, machine: 0, done: 0, total: rows.length };
  for (const row of rows) counts[row.state] += 1;
  return counts;
};

/**
 * /translations and /translations/:lang (issue 24 §3): every text of the restaurant beside its
 * translation in one of the other languages, grouped by menu, filtered by state, saved as the owner
 * types. /translations opens the first other language.
 */
export function TranslationsPage() {
  const { lang } = useParams();
  const summary = useTranslationSummary({ enabled: !lang });
  if (!lang) {
    if (summary.isPending) return <Skeleton h={200} radius="md" />;
    const first = summary.data?.languages[0]?.language;
    if (first) return <Navigate to={`/translations/${first}`} replace />;
    return (
      <Stack>
        <PageHeader title="Translations" />
        <Alert icon={<IconLanguage size={18} />} title="No other languages yet">
          Add the languages your guests read in <Link to="/settings">Settings</Link>; their translations are
          written here.
        </Alert>
      </Stack>
    );
  }
  return <TranslationsScreen key={lang} lang={lang} />;
}

function TranslationsScreen({ lang }: { lang: string }) {
  const navigate = useNavigate();
  const list = useTranslationList(lang);
  const [rows, setRows] = useState<TranslationRow[] | null>(null);
  const [generation, setGeneration] = useState(0);
  const [filter, setFilter] = useState<TranslationFilter>('all');
  // The rows the chosen filter showed when it was chosen: they stay while they are translated.
  const [keep, setKeep] = useState<ReadonlySet<string>>(new Set());
  const choose = (next: TranslationFilter) => {
    setFilter(next);
    setKeep(new Set((rows ?? []).filter((row) => row.state === next).map(rowKey)));
  };
  const [shown, setShown] = useState<Record<string, number>>({});
  const [importing, setImporting] = useState(false);

  // The rows as loaded; saves then update them in place (a reload after an import starts anew).
  useEffect(() => {
    if (list.data) setRows((current) => current ?? list.data.items);
  }, [list.data]);

  const counts = useMemo(() => (rows ? countsOf(rows) : null), [rows]);
  const groups = useMemo(
    () => (rows && list.data ? groupTranslations(rows, list.data.menus, filter, keep) : []),
    [rows, list.data, filter, keep],
  );
  const onSaved = (result: TranslationSaveResult) =>
    setRows((current) => (current ? withSavedStates(current, result.items) : current));

  if (list.isError)
    return (
      <Stack>
        <PageHeader title="Translations" />
        <Alert color="red" title="The translations could not be loaded">
          {list.error instanceof Error ? list.error.message : 'Try again in a moment.'}
        </Alert>
      </Stack>
    );

  const others = list.data?.languages.others ?? [];
  const name = englishLanguageName(lang);
  return (
    <Stack gap="md">
      <PageHeader
        title={`Translations: ${name}`}
        description="Each text of your menus beside its translation. What you type is saved as you go."
        actions={
          <Group gap="xs">
            <TranslateMissingButton lang={lang} />
            <ExportButton lang={lang} format="csv" />
            <ExportButton lang={lang} format="xliff" />
            <Button
              variant="default"
              leftSection={<IconFileUpload size={16} />}
              onClick={() => setImporting(true)}
            >
              Import
            </Button>
          </Group>
        }
      />
      {others.length > 1 && (
        <Select
          label="Language"
          data={others.map((tag) => ({ value: tag, label: englishLanguageName(tag) }))}
          value={lang}
          onChange={(value) => value && navigate(`/translations/${value}`)}
          allowDeselect={false}
          maw={280}
        />
      )}
      {counts ? (
        <Chip.Group multiple={false} value={filter} onChange={(value) => choose(value as TranslationFilter)}>
          <Group gap="xs" aria-label="Show">
            <Chip value="all">All {formatCount(counts.total)}</Chip>
            <Chip value="missing">Missing {formatCount(counts.missing)}</Chip>
            <Chip value="stale">Stale {formatCount(counts.stale)}</Chip>
            <Chip value="machine">Machine {formatCount(counts.machine)}</Chip>
          </Group>
        </Chip.Group>
      ) : (
        <Skeleton h={32} w={360} radius="xl" />
      )}
      {!rows ? (
        <Stack>
          <Skeleton h={120} radius="md" />
          <Skeleton h={120} radius="md" />
        </Stack>
      ) : groups.length === 0 ? (
        <Alert color="green" title={filter === 'all' ? 'Nothing to translate yet' : 'Nothing here'}>
          {filter === 'all'
            ? 'Add menus and dishes first: their texts appear here.'
            : `No ${filter} translations.`}
        </Alert>
      ) : (
        groups.map((group) => {
          const limit = shown[group.key] ?? PAGE;
          return (
            <Stack key={group.key} gap="xs" component="section" aria-label={group.title}>
              <Title order={2} size="h4">
                {group.title}
              </Title>
              {group.rows.slice(0, limit).map((row) => (
                <TranslationRowEditor
                  key={`${generation}:${rowKey(row)}`}
                  row={row}
                  lang={lang}
                  onSaved={onSaved}
                />
              ))}
              {group.rows.length > limit && (
                <Button
                  variant="subtle"
                  onClick={() => setShown((current) => ({ ...current, [group.key]: limit + PAGE }))}
                >
                  Show {formatCount(Math.min(PAGE, group.rows.length - limit))} more of{' '}
                  {formatCount(group.rows.length - limit)}
                </Button>
              )}
            </Stack>
          );
        })
      )}
      <ImportDialog
        lang={lang}
        opened={importing}
        onClose={() => setImporting(false)}
        onImported={async () => {
          const fresh = await list.refetch();
          if (fresh.data) setRows(fresh.data.items);
          setGeneration((value) => value + 1);
        }}
      />
    </Stack>
  );
}

function ExportButton({ lang, format }: { lang: string; format: 'csv' | 'xliff' }) {
  return (
    <DownloadButton
      fetchFile={() => translationsApi.exportFile(lang, format)}
      fileName={`translations-${lang}.${format}`}
    >
      Export {format === 'csv' ? 'CSV' : 'XLIFF'}
    </DownloadButton>
  );
}

function ImportDialog({
  lang,
  opened,
  onClose,
  onImported,
}: {
  lang: string;
  opened: boolean;
  onClose: () => void;
  onImported: () => Promise<void>;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<TranslationImportResult | null>(null);
  const importer = useImportTranslations(lang);
  const close = () => {
    setFile(null);
    setResult(null);
    importer.reset();
    onClose();
  };
  const start = async () => {
    if (!file) return;
    try {
      const answer = await importer.mutateAsync(file);
      setResult(answer);
      await onImported();
    } catch {
      // Shown below from the mutation's error.
    }
  };
  return (
    <Modal opened={opened} onClose={close} title="Import translations">
      {result ? (
        <Stack>
          <Text>
            {formatCount(result.saved)} {result.saved === 1 ? 'translation' : 'translations'} saved.
          </Text>
          {result.unmatched.length > 0 && (
            <>
              <Text fw={600}>
                {formatCount(result.unmatched.length)}{' '}
                {result.unmatched.length === 1 ? 'row was' : 'rows were'} not imported:
              </Text>
              <Table.ScrollContainer minWidth={300} mah={260}>
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Row</Table.Th>
                      <Table.Th>Why</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {result.unmatched.map((entry) => (
                      <Table.Tr key={`${entry.line ?? entry.unit}-${entry.reason}`}>
                        <Table.Td>{entry.line !== undefined ? `Line ${entry.line}` : entry.unit}</Table.Td>
                        <Table.Td>{entry.reason}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </>
          )}
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Text size="sm">
            A CSV file (kind, id, field, source, translation) or an XLIFF file exported here, with the
            translations filled in. Rows that match none of your texts are listed and change nothing.
          </Text>
          <FileInput
            label="File"
            placeholder="Choose a .csv or .xliff file"
            accept=".csv,.xliff,.xlf,.xml,text/csv,application/xliff+xml"
            value={file}
            onChange={setFile}
            clearable
          />
          {importer.isError && (
            <Alert color="red" role="alert">
              {importer.error instanceof Error ? importer.error.message : 'The file could not be imported.'}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={() => void start()} disabled={!file} loading={importer.isPending}>
              Import
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
