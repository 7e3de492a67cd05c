import { type MediaItem, messages } from '@carte/domain';
import {
  Button,
  Center,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import { IconCircleCheckFilled, IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMediaPage } from '../api/media.api.ts';
import { MediaTile, mediaTileClasses } from './media-tile.tsx';
import { TablePager } from './table-pager.tsx';
import { useCan } from './use-can.ts';

interface MediaPickerProps {
  opened: boolean;
  onClose: () => void;
  /** The chosen item; the form sends its `_id` and the server copies its picture for the record. */
  onPick: (item: MediaItem) => void;
}

/**
 * The media picker (doc 2 §2 "media picker"): the restaurant's library a page at a time; choose one
 * picture and "Use image". A double click chooses at once.
 */
export function MediaPicker({ opened, onClose, onPick }: MediaPickerProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Choose from media" size="xl">
      {opened && <PickerBody onClose={onClose} onPick={onPick} />}
    </Modal>
  );
}

function PickerBody({ onClose, onPick }: Omit<MediaPickerProps, 'opened'>) {
  const can = useCan();
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<MediaItem | null>(null);
  const query = useMediaPage(page);
  const library = query.data;

  const pick = (item: MediaItem) => {
    onPick(item);
    onClose();
  };

  if (!library) {
    return (
      <Center mih={240}>
        {query.isError ? (
          <Text c="red" size="sm">
            {messages.somethingWentWrong}
          </Text>
        ) : (
          <Loader aria-label="Loading media" />
        )}
      </Center>
    );
  }

  if (library.pagination.total === 0) {
    return (
      <Stack align="center" gap="sm" py="xl">
        <ThemeIcon variant="light" color="gray" size={56} radius="xl">
          <IconPhotoOff size={28} stroke={1.5} />
        </ThemeIcon>
        <Text fw={600}>{messages.mediaEmpty}</Text>
        <Text size="sm" c="dimmed" ta="center" maw={360}>
          Pictures you add to the media library can be used for any dish, menu or logo.
        </Text>
        <Group mt="sm">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          {can('dish') && (
            <Button component={Link} to="/media-section" onClick={onClose}>
              Open the media library
            </Button>
          )}
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="sm" verticalSpacing="sm">
        {library.data.map((item) => {
          const selected = chosen?._id === item._id;
          return (
            <UnstyledButton
              key={item._id}
              className={mediaTileClasses.choice}
              data-selected={selected || undefined}
              aria-pressed={selected}
              aria-label={item.fileName}
              onClick={() => setChosen(item)}
              onDoubleClick={() => pick(item)}
            >
              <MediaTile
                item={item}
                decorative
                overlay={
                  selected && (
                    <IconCircleCheckFilled
                      size={28}
                      className={mediaTileClasses.check}
                      color="var(--mantine-primary-color-filled)"
                      style={{ background: 'white', borderRadius: '50%' }}
                      aria-hidden
                    />
                  )
                }
              />
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
      <TablePager
        page={library.pagination.page}
        totalPages={library.pagination.total_pages}
        onChange={setPage}
        label="Media pages"
      />
      <Group justify="space-between" gap="sm" wrap="wrap" className={mediaTileClasses.stickyFooter}>
        <Text size="sm" c="dimmed" truncate="end" maw="100%">
          {chosen ? `Selected: ${chosen.fileName}` : `${library.pagination.total} images`}
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => chosen && pick(chosen)} disabled={!chosen} data-autofocus>
            Use image
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
