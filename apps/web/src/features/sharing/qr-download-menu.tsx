import { messages, nativeLanguageName, type QrImageFormat, type QrPaper } from '@carte/domain';
import { Button, type ButtonProps, Menu } from '@mantine/core';
import {
  IconCheck,
  IconChevronDown,
  IconDownload,
  IconFileTypePdf,
  IconPhoto,
  IconPrinter,
  IconVectorBezier2,
} from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../api/api-error.ts';
import { useRecordShared } from '../../api/getting-started.api.ts';
import { qrApi } from '../../api/qr.api.ts';
import { notifyError } from '../../ui/notify.ts';
import { saveFile } from '../../ui/save-file.ts';
import { useMenuLanguages } from './menu-language.tsx';
import { defaultPaper } from './save-file.ts';

const codes: { format: QrImageFormat; label: string; hint: string }[] = [
  { format: 'png', label: 'PNG image', hint: 'qrcode.png' },
  { format: 'jpeg', label: 'JPEG image', hint: 'qrcode.jpeg' },
  { format: 'svg', label: 'SVG vector', hint: 'qrcode.svg' },
];

const cards: { paper: QrPaper; perPage: 1 | 4; label: string }[] = [
  { paper: 'a4', perPage: 4, label: 'A4 · 4 cards per sheet' },
  { paper: 'letter', perPage: 4, label: 'Letter · 4 cards per sheet' },
  { paper: 'a4', perPage: 1, label: 'A4 · 1 large card' },
  { paper: 'letter', perPage: 1, label: 'Letter · 1 large card' },
];

/** Download size of the bare code: large enough for print, the file scales down anywhere. */
const DOWNLOAD_SIZE = 1024;

/**
 * "Download or Print" (doc 2 §2, §4): the code as png, jpeg or svg, printable table cards as PDF
 * (A4 or Letter), and printing the cards from the browser's PDF viewer. Files follow the saved design.
 * With `mapId` the files are those of one menu display (its own address). With `lang` (or, when
 * the restaurant has several languages and none is given, the language chosen in the menu itself)
 * the files open the menu in that language (issue 24 §6).
 */
export function QrDownloadMenu({
  mapId,
  lang: givenLang,
  ...buttonProps
}: ButtonProps & { mapId?: string; lang?: string | null }) {
  const [busy, setBusy] = useState(false);
  const languages = useMenuLanguages();
  const [chosenLang, setChosenLang] = useState<string | null>(null);
  const lang = givenLang !== undefined ? givenLang : chosenLang;
  // A file that left the app is the checklist's share step (a failure to record it is not the user's concern).
  const recordShared = useRecordShared();
  const shared = (how: 'qr-code' | 'qr-cards') => recordShared.mutate(how, { onError: () => undefined });

  const run = async (task: () => Promise<void>) => {
    setBusy(true);
    try {
      await task();
    } catch (error) {
      if (!(isApiError(error) && error.notified))
        notifyError(isApiError(error) && error.status !== 0 ? error.message : messages.qrDownloadFailed);
    } finally {
      setBusy(false);
    }
  };

  const downloadCode = (format: QrImageFormat) =>
    run(async () => {
      const { blob, fileName } = await qrApi.code(format, DOWNLOAD_SIZE, mapId, lang);
      saveFile(blob, fileName);
      shared('qr-code');
    });

  const downloadCards = (paper: QrPaper, perPage: 1 | 4) =>
    run(async () => {
      const { blob, fileName } = await qrApi.cards(paper, perPage, mapId, lang);
      saveFile(blob, fileName);
      shared('qr-cards');
    });

  const printCards = () => {
    // Opened at the click, so no pop-up blocker stops it; filled when the file arrives.
    const tab = window.open('', '_blank');
    return run(async () => {
      try {
        const { blob } = await qrApi.cards(defaultPaper(), 4, mapId, lang);
        const url = URL.createObjectURL(blob);
        if (tab) tab.location.href = url;
        else window.location.assign(url);
        shared('qr-cards');
      } catch (error) {
        tab?.close();
        throw error;
      }
    });
  };

  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal>
      <Menu.Target>
        <Button
          leftSection={<IconDownload size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={busy}
          {...buttonProps}
        >
          Download or Print
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {givenLang === undefined && languages.length > 1 ? (
          <>
            <Menu.Label>Opens the menu in</Menu.Label>
            {[null, ...languages].map((tag) => (
              <Menu.Item
                key={tag ?? 'browser'}
                closeMenuOnClick={false}
                role="menuitemradio"
                aria-checked={lang === tag}
                leftSection={lang === tag ? <IconCheck size={16} /> : <span style={{ width: 16 }} />}
                onClick={() => setChosenLang(tag)}
              >
                {tag ? nativeLanguageName(tag) : "The guest's browser language"}
              </Menu.Item>
            ))}
            <Menu.Divider />
          </>
        ) : null}
        <Menu.Label>QR code</Menu.Label>
        {codes.map((code) => (
          <Menu.Item
            key={code.format}
            leftSection={code.format === 'svg' ? <IconVectorBezier2 size={16} /> : <IconPhoto size={16} />}
            onClick={() => downloadCode(code.format)}
          >
            {code.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Label>Printable table cards (PDF)</Menu.Label>
        {cards.map((card) => (
          <Menu.Item
            key={`${card.paper}-${card.perPage}`}
            leftSection={<IconFileTypePdf size={16} />}
            onClick={() => downloadCards(card.paper, card.perPage)}
          >
            {card.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item leftSection={<IconPrinter size={16} />} onClick={printCards}>
          Print table cards
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
