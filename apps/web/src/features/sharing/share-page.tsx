import { type QrDesign, type QrDesignAnswer, resolveQrSettings } from '@carte/domain';
import { Group, Loader, Stack } from '@mantine/core';
import { useState } from 'react';
import { useQrDesign } from '../../api/qr.api.ts';
import { useCurrentUser } from '../../api/session.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { PublicMenuCard } from './public-menu-card.tsx';
import { QrSection } from './qr-section.tsx';

const designOf = (answer: QrDesignAnswer): QrDesign => ({
  qrSettings: resolveQrSettings(answer.qrSettings),
  selectedQrTemplate: answer.selectedQrTemplate,
  templateMeta: answer.templateMeta,
});

/**
 * /share — a stand-alone view of the sharing tools: the public address with its actions and the QR
 * section with a live card preview. Temporary: the settings form (/settings) hosts the QR section
 * and saves it with the profile; this page shows it until then and previews designs without saving.
 */
export function SharePage() {
  const user = useCurrentUser();
  const design = useQrDesign();
  const restaurant = user.restaurants[0];
  return (
    <Stack gap="lg">
      <PageHeader
        title="Share your menu"
        description="Your menu's address, its embed code and QR table cards."
      />
      {design.data && restaurant ? (
        <>
          <PublicMenuCard url={design.data.menuUrl} restaurantName={restaurant.name} published />
          <ShareDesigner saved={design.data} />
        </>
      ) : (
        <Group justify="center" py="xl">
          <Loader size="sm" aria-label="Loading" />
        </Group>
      )}
    </Stack>
  );
}

function ShareDesigner({ saved }: { saved: QrDesignAnswer }) {
  const [value, setValue] = useState<QrDesign>(() => designOf(saved));
  const dirty = JSON.stringify(value) !== JSON.stringify(designOf(saved));
  return (
    <QrSection value={value} onChange={setValue} menuUrl={saved.menuUrl} logoUrl={saved.logo} dirty={dirty} />
  );
}
