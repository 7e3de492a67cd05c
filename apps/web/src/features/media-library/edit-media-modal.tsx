import { DISH_IMAGE_ASPECT, MEDIA_ZOOM, type MediaItem, messages } from '@carte/domain';
import { Button, Group, Modal, SegmentedControl, Slider, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useEditMedia } from '../../api/media.api.ts';
import { errorMessage, notifySuccess } from '../../ui/notify.ts';
import classes from './media-library.module.css';

/**
 * The shapes a crop can take. The first is the crop box of doc 2 §9 (125 by 225, the dish card);
 * the others fit a logo and a menu cover.
 */
const shapes = [
  // The dish photo's one shape (decisions, "First run, photos and copy"): cropped here, never again.
  { value: 'dish', label: 'Dish photo', aspect: DISH_IMAGE_ASPECT },
  { value: 'square', label: 'Square', aspect: 1 },
  { value: 'wide', label: 'Wide', aspect: 16 / 9 },
] as const;
type Shape = (typeof shapes)[number]['value'];

/**
 * The edit/crop dialog (doc 2 §2): move and zoom (1 to 2) the picture under the crop box, then save
 * the area as a new version beside the original (`POST /restaurants/media/edit {img, rect}`).
 */
export function EditMediaModal({ item, onClose }: { item: MediaItem | null; onClose: () => void }) {
  return (
    <Modal opened={item !== null} onClose={onClose} title="Edit image" size="lg">
      {item && <EditBody key={item._id} item={item} onClose={onClose} />}
    </Modal>
  );
}

function EditBody({ item, onClose }: { item: MediaItem; onClose: () => void }) {
  const edit = useEditMedia();
  const [shape, setShape] = useState<Shape>('dish');
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState<number>(MEDIA_ZOOM.min);
  const [area, setArea] = useState<Area | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const aspect = shapes.find((entry) => entry.value === shape)!.aspect;

  // Another shape starts centred and unzoomed.
  const handleShape = (value: string) => {
    setShape(value as Shape);
    setCrop({ x: 0, y: 0 });
    setZoom(MEDIA_ZOOM.min);
  };

  const handleSave = async () => {
    if (!area) return;
    setFailure(null);
    try {
      await edit.mutateAsync({ img: item._id, rect: area });
      notifySuccess(messages.mediaSaved);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Drag the picture and zoom to frame it. Saving keeps the original and adds the cropped picture as a new
        image.
      </Text>
      <SegmentedControl
        value={shape}
        onChange={handleShape}
        data={shapes.map(({ value, label }) => ({ value, label }))}
        aria-label="Crop shape"
        fullWidth
      />
      <div className={classes.cropArea}>
        <Cropper
          image={item.image}
          crop={crop}
          zoom={zoom}
          minZoom={MEDIA_ZOOM.min}
          maxZoom={MEDIA_ZOOM.max}
          aspect={aspect}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => setArea(pixels)}
          showGrid
        />
      </div>
      <div>
        <Text size="sm" fw={500} mb={4} id="media-zoom-label">
          Zoom
        </Text>
        <Slider
          min={MEDIA_ZOOM.min}
          max={MEDIA_ZOOM.max}
          step={0.01}
          value={zoom}
          onChange={setZoom}
          label={(value) => `${Math.round(value * 100)}%`}
          thumbProps={{ 'aria-labelledby': 'media-zoom-label' }}
        />
      </div>
      {failure && (
        <Text size="sm" c="red.8" role="alert">
          {failure}
        </Text>
      )}
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="xs" c="dimmed">
          {area ? `${area.width} × ${area.height} px` : `${item.width} × ${item.height} px`}
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={onClose} disabled={edit.isPending}>
            Cancel
          </Button>
          <Button onClick={handleSave} loading={edit.isPending} disabled={!area} data-autofocus>
            Save as new image
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
