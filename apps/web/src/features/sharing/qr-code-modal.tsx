import { type QrDesignAnswer, qrCardValues, qrTemplateOf, resolveQrSettings } from '@carte/domain';
import { Button, Group, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAdjustments } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useQrDesign } from '../../api/qr.api.ts';
import { isImplemented } from '../../ui/implemented-paths.ts';
import { MenuLanguageSelect, useMenuLanguages, withLanguage } from './menu-language.tsx';
import { QrCardPreview, QrCodeImage } from './qr-card-preview.tsx';
import { QrDownloadMenu } from './qr-download-menu.tsx';
import classes from './sharing.module.css';

/**
 * The QR action of a menu address (dashboard, doc 2 §2): the code and the table card of the saved
 * design, its downloads, and the way to the QR section of the settings ("CUSTOMIZE QR").
 */
export function QrCodeModal({
  opened,
  onClose,
  lang,
}: {
  opened: boolean;
  onClose: () => void;
  /** The language chosen where the modal opened from (issue 24 §6); changeable here. */
  lang?: string | null;
}) {
  const design = useQrDesign({ enabled: opened });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="QR code"
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {design.data ? (
        <QrCodeModalBody design={design.data} onClose={onClose} lang={lang ?? null} />
      ) : (
        <Group justify="center" py="xl">
          <Loader size="sm" aria-label="Loading the QR code" />
        </Group>
      )}
    </Modal>
  );
}

function QrCodeModalBody({
  design,
  onClose,
  lang: initialLang,
}: {
  design: QrDesignAnswer;
  onClose: () => void;
  lang: string | null;
}) {
  const settings = resolveQrSettings(design.qrSettings);
  const template = design.selectedQrTemplate;
  const languages = useMenuLanguages();
  const [lang, setLang] = useState<string | null>(initialLang);
  const menuUrl = withLanguage(design.menuUrl, lang);
  return (
    <Stack gap="lg">
      <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
        Print it on your tables, flyers or window. It opens your menu at {menuUrl}
      </Text>
      <MenuLanguageSelect languages={languages} value={lang} onChange={setLang} maw={360} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack align="center" gap="xs">
          <div className={classes.codeFrame}>
            <QrCodeImage
              url={menuUrl}
              settings={settings}
              logoUrl={design.logo}
              label="QR code of your public menu"
            />
          </div>
          <Text size="xs" c="gray.7">
            The code alone: PNG, JPEG or SVG
          </Text>
        </Stack>
        <Stack align="center" gap="xs">
          <QrCardPreview
            url={menuUrl}
            settings={settings}
            template={template}
            values={qrCardValues(template, design.templateMeta)}
            logoUrl={design.logo}
            width={180}
          />
          <Text size="xs" c="gray.7">
            Table card, {qrTemplateOf(template).name}: PDF for A4 or Letter
          </Text>
        </Stack>
      </SimpleGrid>
      <Group justify="space-between" gap="sm">
        {isImplemented('/settings') ? (
          <Button
            component={Link}
            to="/settings#qr-code"
            variant="subtle"
            leftSection={<IconAdjustments size={16} />}
            onClick={onClose}
          >
            Customize QR
          </Button>
        ) : (
          <span />
        )}
        <QrDownloadMenu lang={lang} />
      </Group>
    </Stack>
  );
}
