import { MEDIA_PAGE_SIZE, type MediaItem, messages, pageAfterDelete } from '@carte/domain';
import {
  ActionIcon,
  Button,
  Card,
  Center,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCrop, IconPhotoOff, IconTrash, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDeleteMedia, useMediaPage } from '../../api/media.api.ts';
import { confirmDelete } from '../../ui/confirm.tsx';
import { MediaTile } from '../../ui/media-tile.tsx';
import { notifyFailure, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { TablePager } from '../../ui/table-pager.tsx';
import { EditMediaModal } from './edit-media-modal.tsx';
import classes from './media-library.module.css';
import { UploadMediaModal } from './upload-media-modal.tsx';

const pageOf = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/**
 * /media-section (doc 2 §2 "Media section"): the restaurant's pictures, 24 a page, the total in the
 * title; upload several at once, crop one into a new version, delete one. When the last picture of
 * a page goes, the page before it is shown (doc 2 §4).
 */
export function MediaLibraryPage() {
  const [params, setParams] = useSearchParams();
  const page = pageOf(params.get('page'));
  const setPage = (next: number) =>
    setParams(next > 1 ? { page: String(next) } : {}, { replace: true, preventScrollReset: true });
  const query = useMediaPage(page);
  const library = query.data;
  const [uploading, upload] = useDisclosure(false);
  const [editing, setEditing] = useState<MediaItem | null>(null);
  const remove = useDeleteMedia();

  // The server answers its last page for a page past the end: show that page's number too.
  const servedPage = library?.pagination.page;
  useEffect(() => {
    if (servedPage !== undefined && !query.isPlaceholderData && servedPage < page) setPage(servedPage);
  });

  const handleDelete = async (item: MediaItem) => {
    const confirmed = await confirmDelete(
      `"${item.fileName}"`,
      'Dishes and menus that already use this picture keep their own copy.',
    );
    if (!confirmed || !library) return;
    try {
      await remove.mutateAsync(item.fileName);
      notifySuccess(messages.mediaDeleted);
      const next = pageAfterDelete(page, library.pagination.total - 1, MEDIA_PAGE_SIZE);
      if (next !== page) setPage(next);
    } catch (error) {
      notifyFailure(error);
    }
  };

  const total = library?.pagination.total;
  return (
    <Stack gap="xl">
      <PageHeader
        title={total === undefined ? 'Media' : `Media (${total})`}
        description="Pictures for your dishes, menus and logos. Every image field can choose from them."
        actions={
          <Button leftSection={<IconUpload size={16} />} onClick={upload.open}>
            Upload media
          </Button>
        }
      />

      <Card component="section" aria-label="Media library">
        {!library ? (
          <Center mih={240}>
            {query.isError ? (
              <Text c="red.8" size="sm">
                {messages.somethingWentWrong}
              </Text>
            ) : (
              <Loader aria-label="Loading media" />
            )}
          </Center>
        ) : library.pagination.total === 0 ? (
          <Stack align="center" gap="sm" py={48}>
            <ThemeIcon variant="light" color="gray" size={64} radius="xl">
              <IconPhotoOff size={32} stroke={1.5} />
            </ThemeIcon>
            <Text fw={600} size="lg">
              {messages.mediaEmpty}
            </Text>
            <Text size="sm" c="dimmed" ta="center" maw={380}>
              Upload pictures once, then use them for any dish, menu cover or logo.
            </Text>
            <Button mt="xs" leftSection={<IconUpload size={16} />} onClick={upload.open}>
              Upload media
            </Button>
          </Stack>
        ) : (
          <Stack gap="lg">
            <SimpleGrid
              cols={{ base: 2, xs: 3, md: 4, xl: 5 }}
              spacing="md"
              verticalSpacing="lg"
              className={classes.grid}
              aria-busy={query.isPlaceholderData || undefined}
            >
              {library.data.map((item) => (
                <MediaTile
                  key={item._id}
                  item={item}
                  overlay={
                    <div className={classes.actions}>
                      <Tooltip label="Edit">
                        <ActionIcon
                          variant="default"
                          size={34}
                          radius="xl"
                          onClick={() => setEditing(item)}
                          aria-label={`Edit ${item.fileName}`}
                        >
                          <IconCrop size={17} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Delete">
                        <ActionIcon
                          variant="default"
                          size={34}
                          radius="xl"
                          c="red.8"
                          onClick={() => void handleDelete(item)}
                          aria-label={`Delete ${item.fileName}`}
                        >
                          <IconTrash size={17} />
                        </ActionIcon>
                      </Tooltip>
                    </div>
                  }
                  footer={
                    <Text size="xs" c="dimmed">
                      {item.width} × {item.height}
                    </Text>
                  }
                />
              ))}
            </SimpleGrid>
            <TablePager
              page={library.pagination.page}
              totalPages={library.pagination.total_pages}
              onChange={setPage}
              label="Media pages"
            />
          </Stack>
        )}
      </Card>

      <UploadMediaModal opened={uploading} onClose={upload.close} />
      <EditMediaModal item={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
