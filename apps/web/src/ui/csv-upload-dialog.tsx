import { type CsvResult, messages } from '@carte/domain';
import {
  Alert,
  Anchor,
  Button,
  Code,
  FileInput,
  Group,
  List,
  Modal,
  Progress,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCopy,
  IconDownload,
  IconFileSpreadsheet,
  IconInfoCircle,
} from '@tabler/icons-react';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../api/api-error.ts';
import { invalidatedBy, queryKeys } from '../api/query-keys.ts';
import { errorMessage } from './notify.ts';

export type CsvKind = 'ingredients' | 'categories' | 'dishes';

const details: Record<CsvKind, { title: string; columns: string; hint: string; reloads: QueryKey[] }> = {
  ingredients: {
    title: 'Upload ingredients',
    columns: 'name,parent,contains,mayContain',
    hint: 'A parent must exist already or be listed anywhere in the file. Allergens by key or English name (milk, Milk, Dairy), separated by ; or |.',
    reloads: [...invalidatedBy.ingredient],
  },
  categories: {
    title: 'Upload categories',
    columns: 'name,available,dishes',
    hint: 'Separate several dishes in one cell with |.',
    reloads: [...invalidatedBy.category, queryKeys.dishes],
  },
  dishes: {
    title: 'Upload dishes',
    columns:
      'name,price,description,calories,alcoholPercentage,available,category,ingredients,contains,mayContain,declared,portion',
    hint: 'Separate several ingredients with |; unknown ingredients are created. Allergens by key or English name, separated by ; or |; declared is yes or no.',
    reloads: [...invalidatedBy.dish, ...invalidatedBy.ingredient],
  },
};

export interface CsvUploadDialogProps {
  kind: CsvKind;
  opened: boolean;
  onClose: () => void;
  /** The area's upload call; reports progress 0–100. */
  upload: (file: File, onProgress: (percent: number) => void) => Promise<CsvResult>;
}

const csvProblem = (file: File | null): string | null => {
  if (!file) return messages.csvRequired;
  if (!/\.csv$/i.test(file.name.trim())) return messages.csvInvalid;
  return null;
};

/**
 * The CSV upload dialog (doc 1 §2, §5, §8; decisions §4): a template to download, the file, upload
 * progress, then what the server did with every row. The area's lists reload afterwards.
 */
export function CsvUploadDialog({ kind, opened, onClose, upload }: CsvUploadDialogProps) {
  const queryClient = useQueryClient();
  const info = details[kind];
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<CsvResult | null>(null);
  const uploading = progress !== null;

  const reset = () => {
    setFile(null);
    setError(null);
    setProgress(null);
    setResult(null);
  };

  const handleClose = () => {
    if (uploading) return;
    reset();
    onClose();
  };

  const handleUpload = async () => {
    const problem = csvProblem(file);
    setError(problem);
    if (problem || !file) return;
    setResult(null);
    setProgress(0);
    try {
      const answer = await upload(file, setProgress);
      setResult(answer);
      setFile(null);
      await Promise.all(info.reloads.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    } catch (failure) {
      if (!(isApiError(failure) && failure.notified)) {
        // A 400 names what is wrong with the file; anything else is the catalogue's CSV failure.
        setError(isApiError(failure) && failure.status === 400 ? errorMessage(failure) : messages.csvFailed);
      }
    } finally {
      setProgress(null);
    }
  };

  const problems = (result?.validationError ?? []).map((entry) => `Row ${entry.row}: ${entry.message}`);
  const ignored = result?.existValidationError ?? [];
  const repeated = result?.duplicateErrors ?? [];

  return (
    <Modal
      opened={opened}
      onClose={handleClose}
      title={info.title}
      size="lg"
      closeOnClickOutside={!uploading}
    >
      <Stack gap="md">
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
          <Text size="sm">
            A UTF-8 file with a header row, comma separated. Columns: <Code>{info.columns}</Code>
          </Text>
          <Text size="sm" mt={4}>
            {info.hint}
          </Text>
          <Anchor
            href={`/templates/${kind}.csv`}
            download
            size="sm"
            fw={600}
            mt="xs"
            display="inline-flex"
            style={{ alignItems: 'center', gap: 6 }}
          >
            <IconDownload size={16} /> Download the template
          </Anchor>
        </Alert>

        <FileInput
          label="CSV file"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          leftSection={<IconFileSpreadsheet size={18} stroke={1.6} />}
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            setError(chosen ? csvProblem(chosen) : null);
          }}
          error={error}
          clearable
          disabled={uploading}
          withAsterisk
        />

        {uploading && (
          <div>
            <Group justify="space-between" mb={4}>
              <Text size="xs" c="dimmed">
                {progress >= 100 ? 'Importing rows…' : 'Uploading…'}
              </Text>
              <Text size="xs" c="dimmed">
                {progress}%
              </Text>
            </Group>
            <Progress value={progress} size="sm" animated aria-label="Upload progress" />
          </div>
        )}

        {result && (
          <Stack gap="sm" aria-live="polite">
            {result.successMessage && (
              <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />}>
                {result.successMessage}
              </Alert>
            )}
            {ignored.length > 0 && (
              <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} title="Already there">
                <ResultList items={ignored} />
              </Alert>
            )}
            {repeated.length > 0 && (
              <Alert
                color="yellow"
                variant="light"
                icon={<IconCopy size={18} />}
                title="Repeated in the file"
              >
                <ResultList items={repeated} />
              </Alert>
            )}
            {problems.length > 0 && (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertTriangle size={18} />}
                title={`${problems.length} row${problems.length === 1 ? '' : 's'} not imported`}
              >
                <ResultList items={problems} />
              </Alert>
            )}
          </Stack>
        )}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={handleClose} disabled={uploading}>
            {result ? 'Close' : 'Cancel'}
          </Button>
          <Button onClick={handleUpload} loading={uploading} disabled={error !== null}>
            Upload
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ResultList({ items }: { items: string[] }) {
  return (
    <ScrollArea.Autosize mah={180} type="auto">
      <List size="sm" spacing={2}>
        {items.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
    </ScrollArea.Autosize>
  );
}
