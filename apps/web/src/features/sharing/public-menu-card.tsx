import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCode, IconExternalLink, IconQrcode, IconWorld } from '@tabler/icons-react';
import { useState } from 'react';
import { CopyMenuUrlButton } from './copy-menu-url-button.tsx';
import { EmbedCodeModal } from './embed-code-modal.tsx';
import { MenuLanguageSelect, useMenuLanguages, withLanguage } from './menu-language.tsx';
import { QrCodeModal } from './qr-code-modal.tsx';
import classes from './sharing.module.css';

/**
 * "Your public menu" on the owner's dashboard: the public address with copy, open, embed and QR
 * actions (doc 2 §1 "Owners share a menu as a link, an embed code, or printable/downloadable QR codes").
 */
export function PublicMenuCard({
  url,
  restaurantName,
  published,
}: {
  url: string;
  restaurantName: string;
  /** Whether a diner sees a menu there now (otherwise the page says none is published). */
  published: boolean;
}) {
  const [embedOpened, embed] = useDisclosure(false);
  const [qrOpened, qr] = useDisclosure(false);
  // Issue 24 §6: the link, embed and code may open the menu in one of the restaurant's languages.
  const languages = useMenuLanguages();
  const [lang, setLang] = useState<string | null>(null);
  const shared = withLanguage(url, lang);

  return (
    <Card padding="md" id="public-menu" component="section" aria-labelledby="public-menu-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap={8} wrap="nowrap">
            <IconWorld size={20} stroke={1.7} aria-hidden />
            <Title order={2} size="h4" id="public-menu-title">
              Your public menu
            </Title>
          </Group>
          <Badge variant="dot" color={published ? 'teal' : 'gray'} size="sm">
            {published ? 'Live' : 'No published menu yet'}
          </Badge>
        </Group>
        <Text size="sm" c="gray.7">
          Guests open it from the QR code on their table, from a link, or inside your website.
        </Text>
        <div className={classes.address}>
          <span className={classes.addressText} title={shared}>
            {shared}
          </span>
        </div>
        <MenuLanguageSelect languages={languages} value={lang} onChange={setLang} size="xs" maw={320} />
        <Group gap="xs">
          <CopyMenuUrlButton url={shared} size="xs" />
          <Button
            component="a"
            href={shared}
            target="_blank"
            rel="noreferrer"
            size="xs"
            variant="default"
            leftSection={<IconExternalLink size={16} />}
          >
            Open
          </Button>
          <Button size="xs" variant="default" leftSection={<IconCode size={16} />} onClick={embed.open}>
            Embed code
          </Button>
          <Button size="xs" leftSection={<IconQrcode size={16} />} onClick={qr.open} data-tour="print-menus">
            QR code
          </Button>
        </Group>
      </Stack>
      <EmbedCodeModal
        opened={embedOpened}
        onClose={embed.close}
        url={shared}
        restaurantName={restaurantName}
      />
      <QrCodeModal opened={qrOpened} onClose={qr.close} lang={lang} />
    </Card>
  );
}
