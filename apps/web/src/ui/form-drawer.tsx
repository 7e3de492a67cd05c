import { Drawer, Group, Stack, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { UnsavedNoticeHost } from './unsaved-changes.tsx';

interface FormDrawerProps {
  opened: boolean;
  /** Closing asks first while the form inside has unsaved changes, when it leaves a route. */
  onClose: () => void;
  title: ReactNode;
  /** A line under the title (the record's name). */
  description?: ReactNode;
  /** Buttons beside the title (clone, delete). */
  actions?: ReactNode;
  /** Width on larger screens; phones get the whole screen. */
  size?: number;
  children: ReactNode;
}

/**
 * Create and edit forms of a list open here, over the list (issue 11 §2 "lists first"): on the right
 * at the given width, the whole screen on a phone. The list stays where it was underneath.
 */
export function FormDrawer({
  opened,
  onClose,
  title,
  description,
  actions,
  size = 560,
  children,
}: FormDrawerProps) {
  const theme = useMantineTheme();
  const [noticeHost, setNoticeHost] = useState<HTMLDivElement | null>(null);
  const phone = useMediaQuery(`(max-width: calc(${theme.breakpoints.sm} - 0.1px))`, false, {
    getInitialValueInEffect: false,
  });
  return (
    <Drawer.Root opened={opened} onClose={onClose} position="right" size={phone ? '100%' : size}>
      <Drawer.Overlay />
      {/* A field brought into view (focus, a search box's list) stops clear of the sticky title and
          of the form's sticky save bar, not under them. */}
      <Drawer.Content style={{ scrollPaddingBlock: '88px 96px' }}>
        {/* A div, not a <header>: the page's header stays the one banner landmark (axe). */}
        <Drawer.Header component="div" px={phone ? 'md' : 'lg'} style={{ alignItems: 'flex-start' }}>
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Drawer.Title fw={700} fz="h3" lh={1.3}>
              {title}
            </Drawer.Title>
            {description && (
              <Text size="sm" c="dimmed" component="div">
                {description}
              </Text>
            )}
          </Stack>
          <Drawer.CloseButton aria-label="Close" />
        </Drawer.Header>
        <Drawer.Body px={phone ? 'md' : 'lg'} pb={phone ? 'md' : 'lg'}>
          {actions && (
            <Group gap="xs" mb="md">
              {actions}
            </Group>
          )}
          <UnsavedNoticeHost.Provider value={noticeHost}>{children}</UnsavedNoticeHost.Provider>
          {/* The form's unsaved-changes notice floats here, just above the form's sticky save bar:
              never over the title, the drawer's buttons or a dialog (issue 22). */}
          <div style={{ position: 'sticky', bottom: 96, height: 0, zIndex: 3 }}>
            {/* Centred by flex, not by a shifted box: nothing pokes out sideways and makes the drawer
                scroll (a scroll bar coming and going moved the drawer's buttons). */}
            <div
              ref={setNoticeHost}
              style={{
                position: 'absolute',
                bottom: 8,
                left: 0,
                right: 0,
                display: 'flex',
                justifyContent: 'center',
                pointerEvents: 'none',
              }}
            />
          </div>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
