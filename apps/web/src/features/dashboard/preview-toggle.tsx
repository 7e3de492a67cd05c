import { isAdminRole } from '@carte/domain';
import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconDeviceMobile, IconDeviceMobileOff } from '@tabler/icons-react';
import { createContext, useContext } from 'react';
import { useSelectedMenu } from '../../api/menus.api.ts';
import { useCurrentUser } from '../../api/session.ts';
import { menuPreviewStore, usePreviewDraft, usePreviewOpened } from './menu-preview-store.ts';

/**
 * True where the shell's header carries the toggle (the navigation collapsed, doc 1 §2): a page's
 * own toggle then steps aside, so a phone shows one Preview button, not two (issue 22).
 */
export const PreviewToggleInHeader = createContext(false);

/**
 * Opens and closes the owner's preview panel (doc 1 §2: "a preview toggle button … disabled until a
 * menu is selected"). On the menu form the form itself counts as the selected menu. `compact` draws
 * an icon button for the header; otherwise a labelled button for a page's actions.
 */
export function PreviewToggle({ compact = false }: { compact?: boolean }) {
  const user = useCurrentUser();
  const workshop = !isAdminRole(user.role) && user.role !== 'DMA';
  const selected = useSelectedMenu({ enabled: workshop });
  const opened = usePreviewOpened();
  const draft = usePreviewDraft();
  const inHeader = useContext(PreviewToggleInHeader);
  if (!workshop || (inHeader && !compact)) return null;

  const available = Boolean(selected.menu || draft);
  const label = opened ? 'Hide preview' : 'Preview menu';
  const hint = available ? label : 'Select a menu to preview it';
  const Icon = opened ? IconDeviceMobileOff : IconDeviceMobile;

  if (compact) {
    return (
      <Tooltip label={hint}>
        <ActionIcon
          variant={opened ? 'light' : 'default'}
          size="lg"
          aria-label={label}
          aria-pressed={opened}
          disabled={!available}
          onClick={menuPreviewStore.toggle}
        >
          <Icon size={18} stroke={1.7} />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Tooltip label={hint} disabled={available}>
      <Button
        variant={opened ? 'light' : 'default'}
        leftSection={<Icon size={16} stroke={1.7} />}
        aria-pressed={opened}
        disabled={!available}
        onClick={menuPreviewStore.toggle}
      >
        {opened ? 'Hide preview' : 'Preview'}
      </Button>
    </Tooltip>
  );
}
