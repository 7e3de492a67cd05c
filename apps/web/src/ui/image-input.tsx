import '@mantine/dropzone/styles.css';
import {
  allowedImageExtensions,
  DISH_IMAGE_ASPECT,
  type MediaItem,
  messages,
  UPLOAD_LIMIT_BYTES,
} from '@carte/domain';
import { Box, Button, Group, Input, Modal, Progress, Slider, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone, type FileRejection, MIME_TYPES } from '@mantine/dropzone';
import {
  IconCrop,
  IconLibraryPhoto,
  IconPhoto,
  IconPhotoUp,
  IconTrash,
  IconUpload,
  IconX,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import classes from './image-input.module.css';
import { MediaPicker } from './media-picker.tsx';
import { useCanPickFromMedia } from './use-can.ts';

/**
 * The dish crop box: the one shape of a dish photo everywhere (DISH_IMAGE_ASPECT, 4:3, issue 11
 * item 4, in place of doc 2 §9's 125 by 225), zoom from 1 to 2.
 */
export const DISH_CROP_ASPECT = DISH_IMAGE_ASPECT;
const MIN_ZOOM = 1;
const MAX_ZOOM = 2;
/** A cropped picture larger than this (longest side) is scaled down before upload; the server re-encodes anyway. */
const MAX_OUTPUT_SIDE = 2000;

/**
 * The picker lets gif through so validation can answer "File not allowed" (doc 2 §5: "gif is accepted
 * by the picker filter but rejected by validation").
 */
const PICKER_TYPES = [MIME_TYPES.jpeg, MIME_TYPES.png, MIME_TYPES.webp, MIME_TYPES.gif];
const ALLOWED_TYPES: readonly string[] = [MIME_TYPES.jpeg, MIME_TYPES.png, MIME_TYPES.webp];

/** The spec's check of a chosen image (doc 1 §5, doc 2 §5): allowed extension, at most 10 MB. */
export function imageFileError(file: File): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(allowedImageExtensions as readonly string[]).includes(extension)) return messages.fileNotAllowed;
  if (file.size > UPLOAD_LIMIT_BYTES) return messages.fileTooBig(file.name);
  return null;
}

export interface ImageInputProps {
  label?: ReactNode;
  description?: ReactNode;
  /** The current image: its URL (saved) or a new file (not saved yet); null when there is none. */
  value: File | string | null;
  /** A new (possibly cropped) file, or null when the user removes the image. */
  onChange: (value: File | null) => void;
  /** Offer cropping to this width/height ratio before the file is used. */
  cropAspect?: number;
  /** Upload progress 0–100 while the form sends the file; null or undefined when idle. */
  progress?: number | null;
  error?: ReactNode;
  disabled?: boolean;
  /** Preview box width in px; its height follows `cropAspect` (or 4:3). */
  previewWidth?: number;
  /**
   * Offers "Choose from media" (doc 2 §2, media picker): the form keeps the item's `_id` and shows
   * its picture as the value. Hidden when the user's permissions are dish only (doc 2 §6).
   */
  onPickMedia?: (item: MediaItem) => void;
}

/** An object URL for a file, revoked when the file changes or the component leaves. */
function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

/**
 * An image field (dish image, menu cover and logo): drop or pick a jpg, jpeg, png or webp of at most
 * 10 MB, preview it, optionally crop it, remove it, and follow the upload's progress.
 */
export function ImageInput({
  label,
  description,
  value,
  onChange,
  cropAspect,
  progress,
  error,
  disabled,
  previewWidth = 150,
  onPickMedia,
}: ImageInputProps) {
  const id = useId();
  const canPick = useCanPickFromMedia() && onPickMedia !== undefined;
  const [picking, setPicking] = useState(false);
  const openRef = useRef<() => void>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  // The file chosen last, uncropped, so "Crop" always starts from the original picture.
  const [original, setOriginal] = useState<File | null>(null);
  const [cropping, setCropping] = useState<File | null>(null);
  const file = value instanceof File ? value : null;
  const fileUrl = useObjectUrl(file);
  const previewUrl = fileUrl ?? (typeof value === 'string' && value !== '' ? value : null);
  const uploading = progress !== null && progress !== undefined;
  const previewHeight = Math.round(previewWidth / (cropAspect ?? 4 / 3));

  const accept = (chosen: File) => {
    const problem = imageFileError(chosen);
    setLocalError(problem);
    if (problem) return;
    setOriginal(chosen);
    if (cropAspect) setCropping(chosen);
    else onChange(chosen);
  };

  const handleReject = (rejections: FileRejection[]) => {
    const rejected = rejections[0]?.file;
    setLocalError(rejected ? (imageFileError(rejected) ?? messages.fileNotAllowed) : messages.fileNotAllowed);
  };

  const handleRemove = () => {
    setLocalError(null);
    setOriginal(null);
    onChange(null);
  };

  const shownError = localError ?? error;

  return (
    <Input.Wrapper
      label={label}
      description={description}
      error={shownError}
      id={id}
      classNames={{ error: classes.error }}
    >
      <div className={classes.root} style={{ marginTop: label || description ? 6 : 0 }}>
        <div className={classes.layout}>
          <Box
            className={classes.preview}
            w={previewWidth}
            h={previewHeight}
            data-empty={previewUrl ? undefined : true}
          >
            {previewUrl ? (
              <img src={previewUrl} alt="" className={classes.previewImage} />
            ) : (
              <IconPhoto size={28} stroke={1.4} aria-hidden />
            )}
          </Box>
          <Stack gap="xs" className={classes.side}>
            <Dropzone
              openRef={openRef}
              onDrop={(files) => {
                const chosen = files[0];
                if (chosen) accept(chosen);
              }}
              onReject={handleReject}
              accept={PICKER_TYPES}
              multiple={false}
              disabled={disabled || uploading}
              className={classes.dropzone}
              inputProps={{ id, 'aria-label': typeof label === 'string' ? label : 'Image' }}
              aria-invalid={shownError ? true : undefined}
            >
              <Group justify="center" gap="sm" wrap="nowrap" mih={72} style={{ pointerEvents: 'none' }}>
                <Dropzone.Accept>
                  <IconUpload size={28} stroke={1.5} color="var(--mantine-primary-color-filled)" />
                </Dropzone.Accept>
                <Dropzone.Reject>
                  <IconX size={28} stroke={1.5} color="var(--mantine-color-red-6)" />
                </Dropzone.Reject>
                <Dropzone.Idle>
                  <ThemeIcon variant="light" size={36} radius="xl">
                    <IconPhotoUp size={20} stroke={1.6} />
                  </ThemeIcon>
                </Dropzone.Idle>
                <div>
                  <Text size="sm" fw={500}>
                    {previewUrl ? 'Drop a new image or click to replace' : 'Drop an image or click to choose'}
                  </Text>
                  <Text size="xs" c="dimmed">
                    JPG, PNG or WebP, up to 10 MB
                  </Text>
                </div>
              </Group>
            </Dropzone>
            {(previewUrl || uploading || canPick) && (
              <Group gap="xs">
                {canPick && !uploading && (
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconLibraryPhoto size={14} />}
                    onClick={() => setPicking(true)}
                    disabled={disabled}
                  >
                    Choose from media
                  </Button>
                )}
                {cropAspect && original && file && !uploading && (
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconCrop size={14} />}
                    onClick={() => setCropping(original)}
                    disabled={disabled}
                  >
                    Crop
                  </Button>
                )}
                {previewUrl && !uploading && (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={14} />}
                    onClick={handleRemove}
                    disabled={disabled}
                  >
                    Remove image
                  </Button>
                )}
              </Group>
            )}
            {uploading && (
              <div>
                <Group justify="space-between" mb={4}>
                  <Text size="xs" c="dimmed">
                    {progress >= 100 ? 'Processing image…' : 'Uploading image…'}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {Math.round(progress)}%
                  </Text>
                </Group>
                <Progress
                  value={progress}
                  size="sm"
                  animated={progress < 100}
                  striped={progress >= 100}
                  aria-label="Upload progress"
                />
              </div>
            )}
          </Stack>
        </div>
      </div>

      {canPick && (
        <MediaPicker
          opened={picking}
          onClose={() => setPicking(false)}
          onPick={(item) => {
            setLocalError(null);
            setOriginal(null);
            onPickMedia?.(item);
          }}
        />
      )}
      <CropModal
        file={cropping}
        aspect={cropAspect ?? 1}
        onCancel={() => setCropping(null)}
        onDone={(cropped) => {
          setCropping(null);
          onChange(cropped);
        }}
      />
    </Input.Wrapper>
  );
}

function CropModal({
  file,
  aspect,
  onCancel,
  onDone,
}: {
  file: File | null;
  aspect: number;
  onCancel: () => void;
  onDone: (file: File) => void;
}) {
  const url = useObjectUrl(file);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [working, setWorking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // A new picture starts centred and unzoomed.
  useEffect(() => {
    if (!file) return;
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setArea(null);
    setFailure(null);
  }, [file]);

  const handleApply = async () => {
    if (!file || !area) return;
    setWorking(true);
    try {
      onDone(await cropImage(file, area));
    } catch {
      setFailure(messages.somethingWentWrong);
    } finally {
      setWorking(false);
    }
  };

  return (
    <Modal opened={file !== null} onClose={onCancel} title="Crop image" size="lg">
      <Stack gap="md">
        <div className={classes.cropArea}>
          {url && (
            <Cropper
              image={url}
              crop={crop}
              zoom={zoom}
              minZoom={MIN_ZOOM}
              maxZoom={MAX_ZOOM}
              aspect={aspect}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
              showGrid
            />
          )}
        </div>
        <div>
          <Text size="sm" fw={500} mb={4} id="crop-zoom-label">
            Zoom
          </Text>
          <Slider
            min={MIN_ZOOM}
            max={MAX_ZOOM}
            step={0.01}
            value={zoom}
            onChange={setZoom}
            label={(v) => `${Math.round(v * 100)}%`}
            thumbProps={{ 'aria-labelledby': 'crop-zoom-label' }}
          />
        </div>
        {failure && (
          <Text size="sm" c="red">
            {failure}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={handleApply} loading={working} disabled={!area} data-autofocus>
            Use image
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = reject;
    image.src = src;
  });
}

/** Cuts the chosen area out of the picture, in the file's own format, keeping its name. */
async function cropImage(file: File, area: Area): Promise<File> {
  const url = URL.createObjectURL(file);
  try {
    const image = await loadImage(url);
    const scale = Math.min(1, MAX_OUTPUT_SIDE / Math.max(area.width, area.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(area.width * scale));
    canvas.height = Math.max(1, Math.round(area.height * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No canvas');
    context.imageSmoothingQuality = 'high';
    context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
    const type = ALLOWED_TYPES.includes(file.type) ? file.type : MIME_TYPES.jpeg;
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.92));
    if (!blob) throw new Error('No image');
    return new File([blob], file.name, { type: blob.type, lastModified: Date.now() });
  } finally {
    URL.revokeObjectURL(url);
  }
}
