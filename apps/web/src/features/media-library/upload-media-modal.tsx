import '@mantine/dropzone/styles.css';
import { allowedImageExtensions, messages, UPLOAD_LIMIT_BYTES } from '@carte/domain';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  Progress,
  ScrollArea,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { Dropzone, type FileRejection, MIME_TYPES } from '@mantine/dropzone';
import {
  IconAlertTriangle,
  IconCircleCheckFilled,
  IconCloudUpload,
  IconPhoto,
  IconUpload,
  IconX,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { isApiError } from '../../api/api-error.ts';
import { mediaApi, reloadMedia } from '../../api/media.api.ts';
import { formatBytes } from '../../ui/format.ts';
import { errorMessage, notifyError, notifySuccess } from '../../ui/notify.ts';
import classes from './media-library.module.css';

/** The picker lets gif through so validation can count it as not valid (doc 2 §5). */
const PICKER_TYPES = [MIME_TYPES.jpeg, MIME_TYPES.png, MIME_TYPES.webp, MIME_TYPES.gif];
/** Files sent at the same time: two keep both cores of a small server busy without queuing the rest. */
const PARALLEL_UPLOADS = 2;

type Status = 'waiting' | 'uploading' | 'done' | 'failed';

interface Entry {
  id: number;
  file: File;
  status: Status;
  /** 0–100 while uploading. */
  progress: number;
  error?: string;
}

const hasAllowedExtension = (file: File) => {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return (allowedImageExtensions as readonly string[]).includes(extension);
};

let nextId = 1;

/**
 * "Upload media" (doc 2 §2, §5): several images at once, each with its own progress bar. Files with
 * another extension are counted as not valid ("N file(s) that you have uploaded is/are not valid."),
 * files over 10 MB are refused ("File is too large. Maximum size is 10MB."), and so are files the
 * server finds are not pictures.
 */
export function UploadMediaModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [entries, setEntries] = useState<Entry[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const [running, setRunning] = useState(false);

  const update = (id: number, change: Partial<Entry>) =>
    setEntries((current) => current.map((entry) => (entry.id === id ? { ...entry, ...change } : entry)));

  const reset = () => {
    setEntries([]);
    setProblem(null);
    setTooLarge(false);
  };

  const handleClose = () => {
    if (running) return;
    reset();
    onClose();
  };

  /** One choice of files: the accepted ones join the list, the others are counted (doc 2 §5). */
  const handleDrop = (files: File[], rejections: FileRejection[]) => {
    const large = rejections.filter((rejection) =>
      rejection.errors.some((error) => error.code === 'file-too-large'),
    );
    const valid = files.filter(hasAllowedExtension);
    const invalid = files.length - valid.length + rejections.length - large.length;
    setProblem(invalid > 0 ? messages.mediaFilesInvalid(invalid) : null);
    setTooLarge(large.length > 0);
    setEntries((current) => [
      // Files already sent leave the list when new ones come.
      ...current.filter((entry) => entry.status !== 'done'),
      ...valid.map((file) => ({ id: nextId++, file, status: 'waiting' as const, progress: 0 })),
    ]);
  };

  const handleUpload = async () => {
    const waiting = entries.filter((entry) => entry.status === 'waiting' || entry.status === 'failed');
    if (waiting.length === 0) {
      setProblem(messages.mediaImageRequired);
      return;
    }
    setProblem(null);
    setTooLarge(false);
    setRunning(true);
    let stored = 0;
    let invalid = 0;
    const queue = [...waiting];
    const work = async () => {
      for (let entry = queue.shift(); entry; entry = queue.shift()) {
        const { id, file } = entry;
        update(id, { status: 'uploading', progress: 0, error: undefined });
        try {
          const answer = await mediaApi.upload(file, (progress) =>
            update(id, { progress: progress.percent }),
          );
          stored += answer.data.length;
          invalid += answer.invalid;
          update(id, answer.data.length > 0 ? { status: 'done', progress: 100 } : { status: 'failed' });
        } catch (error) {
          // A 400 on one file is a file the server refused (not a picture, too large).
          const notPicture = isApiError(error) && error.status === 400 && /not valid/.test(error.message);
          if (notPicture) invalid += 1;
          update(id, { status: 'failed', error: notPicture ? 'Not a valid image' : errorMessage(error) });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, queue.length) }, work));
    setRunning(false);
    await reloadMedia(queryClient);
    if (stored > 0) notifySuccess(messages.mediaUploaded(stored));
    if (invalid > 0) {
      setProblem(messages.mediaFilesInvalid(invalid));
      notifyError(messages.mediaFilesInvalid(invalid));
    }
    if (stored === waiting.length) {
      reset();
      onClose();
    }
  };

  const waitingCount = entries.filter((entry) => entry.status !== 'done').length;

  return (
    <Modal
      opened={opened}
      onClose={handleClose}
      title="Upload media"
      size="lg"
      closeOnClickOutside={!running}
      closeOnEscape={!running}
    >
      <Stack gap="md">
        <Dropzone
          onDrop={() => undefined}
          onDropAny={handleDrop}
          accept={PICKER_TYPES}
          maxSize={UPLOAD_LIMIT_BYTES}
          multiple
          disabled={running}
          className={classes.dropzone}
          inputProps={{ 'aria-label': 'Images to upload' }}
        >
          <Stack align="center" gap={6} py="lg" style={{ pointerEvents: 'none' }}>
            <Dropzone.Accept>
              <IconUpload size={40} stroke={1.5} color="var(--mantine-primary-color-filled)" />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={40} stroke={1.5} color="var(--mantine-color-red-6)" />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <ThemeIcon variant="light" size={56} radius="xl">
                <IconCloudUpload size={30} stroke={1.5} />
              </ThemeIcon>
            </Dropzone.Idle>
            <Text fw={600} ta="center">
              Drop images here or click to choose
            </Text>
            <Text size="sm" c="dimmed" ta="center">
              Several at once · JPG, PNG or WebP · up to 10 MB each
            </Text>
          </Stack>
        </Dropzone>

        {(problem || tooLarge) && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} aria-live="polite">
            {problem && <Text size="sm">{problem}</Text>}
            {tooLarge && <Text size="sm">{messages.mediaFileTooLarge}</Text>}
          </Alert>
        )}

        {entries.length > 0 && (
          <ScrollArea.Autosize mah={320} type="auto">
            <Stack gap="xs" component="ul" className={classes.queue} aria-label="Images to upload">
              {entries.map((entry) => (
                <UploadRow
                  key={entry.id}
                  entry={entry}
                  onRemove={
                    running || entry.status === 'done'
                      ? undefined
                      : () => setEntries((current) => current.filter((other) => other.id !== entry.id))
                  }
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}

        <Group justify="space-between" gap="sm" wrap="wrap" className={classes.stickyFooter}>
          <Text size="sm" c="dimmed">
            {entries.length === 0 ? 'No images chosen yet' : `${waitingCount} of ${entries.length} to upload`}
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={handleClose} disabled={running}>
              Cancel
            </Button>
            <Button leftSection={<IconUpload size={16} />} onClick={handleUpload} loading={running}>
              Upload
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

/** One chosen file: a small preview, its name and size, and its progress or outcome. */
function UploadRow({ entry, onRemove }: { entry: Entry; onRemove?: () => void }) {
  const url = useMemo(() => URL.createObjectURL(entry.file), [entry.file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  const [broken, setBroken] = useState(false);
  const label =
    entry.status === 'uploading'
      ? entry.progress >= 100
        ? 'Processing…'
        : `${entry.progress}%`
      : entry.status === 'done'
        ? 'Uploaded'
        : entry.status === 'failed'
          ? (entry.error ?? messages.somethingWentWrong)
          : formatBytes(entry.file.size);

  return (
    <li className={classes.row} data-status={entry.status}>
      <div className={classes.rowThumb}>
        {broken ? (
          <IconPhoto size={20} stroke={1.4} aria-hidden />
        ) : (
          <img src={url} alt="" onError={() => setBroken(true)} />
        )}
      </div>
      <Stack gap={4} className={classes.rowBody}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" fw={500} truncate="end" title={entry.file.name}>
            {entry.file.name}
          </Text>
          <Text size="xs" c={entry.status === 'failed' ? 'red.8' : 'dimmed'} className={classes.rowStatus}>
            {label}
          </Text>
        </Group>
        <Progress
          value={entry.status === 'waiting' ? 0 : entry.status === 'failed' ? 100 : entry.progress}
          color={entry.status === 'failed' ? 'red' : entry.status === 'done' ? 'teal' : undefined}
          size="sm"
          animated={entry.status === 'uploading'}
          striped={entry.status === 'uploading' && entry.progress >= 100}
          aria-label={`Upload progress of ${entry.file.name}`}
        />
      </Stack>
      {entry.status === 'done' ? (
        <IconCircleCheckFilled size={22} color="var(--mantine-color-teal-7)" aria-label="Uploaded" />
      ) : (
        onRemove && (
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={onRemove}
            aria-label={`Remove ${entry.file.name}`}
          >
            <IconX size={16} />
          </ActionIcon>
        )
      )}
    </li>
  );
}
