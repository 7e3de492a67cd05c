import { messages, type QrPaper } from '@carte/domain';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconFileTypePdf, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../api/api-error.ts';
import { qrApi } from '../../api/qr.api.ts';
import { notifyError } from '../../ui/notify.ts';
import { saveFile } from '../../ui/save-file.ts';

const sheets: { paper: QrPaper; perPage: 1 | 4; label: string }[] = [
  { paper: 'a4', perPage: 4, label: 'A4 · 4 cards per sheet' },
  { paper: 'letter', perPage: 4, label: 'Letter · 4 cards per sheet' },
  { paper: 'a4', perPage: 1, label: 'A4 · 1 large card per sheet' },
  { paper: 'letter', perPage: 1, label: 'Letter · 1 large card per sheet' },
];

/**
 * Print all (issue 15): one PDF with a table card per menu display of a zone or of the whole
 * location, each named and leading to its own display, in the restaurant's card template.
 */
export function PrintAllMenu({
  where,
  label,
}: {
  where: { zoneId?: string; locationId?: string };
  label: string;
}) {
  const [busy, setBusy] = useState(false);
  const download = async (paper: QrPaper, perPage: 1 | 4) => {
    setBusy(true);
    try {
      const { blob, fileName } = await qrApi.displayCards(paper, perPage, where);
      saveFile(blob, fileName);
    } catch (error) {
      if (!(isApiError(error) && error.notified))
        notifyError(isApiError(error) && error.status !== 0 ? error.message : messages.qrDownloadFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size="compact-xs"
          loading={busy}
          leftSection={<IconPrinter size={14} />}
          rightSection={<IconChevronDown size={12} />}
          aria-label={label}
        >
          Print all
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>A named card per display (PDF)</Menu.Label>
        {sheets.map((sheet) => (
          <Menu.Item
            key={`${sheet.paper}-${sheet.perPage}`}
            leftSection={<IconFileTypePdf size={16} />}
            onClick={() => download(sheet.paper, sheet.perPage)}
          >
            {sheet.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
