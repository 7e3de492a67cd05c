import type { LayoutLocation, MenuDisplay, Zone } from '@carte/domain';
import { useDroppable } from '@dnd-kit/core';
import { ActionIcon, Anchor, Badge, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCode, IconMapPin, IconQrcode, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CopyMenuUrlButton, EmbedCodeModal, QrDownloadMenu } from '../sharing/index.ts';
import { InlineName } from './inline-name.tsx';
import type { DropTarget } from './layout-dnd.ts';
import classes from './menu-display.module.css';
import { PrintAllMenu } from './print-all-menu.tsx';

interface Handlers {
  onRenameZone: (zoneId: string, name: string) => void;
  onDeleteZone: (zoneId: string, name: string) => void;
  onRenameDisplay: (displayId: string, name: string) => void;
  onDeleteDisplay: (displayId: string, name: string) => void;
  onRemoveMenu: (displayId: string, menuId: string) => void;
}

/** A place things are dropped on; highlighted while something it takes is over it. */
function DropZone({
  target,
  className,
  label,
  children,
}: {
  target: DropTarget;
  className: string | undefined;
  label: string;
  children: ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: `${target.kind}:${target.id}`, data: target });
  return (
    <section ref={setNodeRef} className={className} data-over={isOver || undefined} aria-label={label}>
      {children}
    </section>
  );
}

function Placeholder({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" className={classes.placeholder}>
      {children}
    </Text>
  );
}

/**
 * A location (doc 2 §3): its zones; a Zone dropped on it adds one. `own` is the caller's restaurant;
 * the others are a parent's locations, arranged from the parent's account.
 */
export function LocationCard({
  location,
  own,
  ...handlers
}: { location: LayoutLocation; own: boolean } & Handlers) {
  return (
    <DropZone
      target={{ kind: 'location', id: location._id, name: location.name, locationId: location._id }}
      className={classes.location}
      label={`Location ${location.name}`}
    >
      <Group gap="xs" mb="md" wrap="nowrap">
        <IconMapPin size={18} aria-hidden />
        <Title order={2} size="h4" style={{ flex: 1, minWidth: 0 }}>
          {location.name}
        </Title>
        <Badge variant="light" color="gray">
          {location.zones.length === 1 ? '1 zone' : `${location.zones.length} zones`}
        </Badge>
        {location.zones.some((zone) => zone.maps.length > 0) && (
          <PrintAllMenu
            where={{ locationId: location._id }}
            label={`Print all: the cards of every display of ${location.name}`}
          />
        )}
      </Group>
      <Stack gap="md">
        {location.zones.map((zone) => (
          <ZoneCard
            key={zone._id}
            zone={zone}
            locationId={location._id}
            own={own}
            restaurantName={location.name}
            {...handlers}
          />
        ))}
        <Placeholder>
          {location.zones.length === 0
            ? 'No zones yet. Drag a Zone here to create one, such as "Terrace" or "Bar".'
            : 'Drag a Zone here to add another.'}
        </Placeholder>
      </Stack>
    </DropZone>
  );
}

interface Place {
  /** The location the card belongs to, and whether it is the caller's own restaurant. */
  locationId: string;
  own: boolean;
  restaurantName: string;
}

function ZoneCard({ zone, locationId, own, restaurantName, ...handlers }: { zone: Zone } & Place & Handlers) {
  return (
    <DropZone
      target={{ kind: 'zone', id: zone._id, name: zone.name, locationId }}
      className={classes.zone}
      // A location's cards name it, so each landmark's name is unique on the page (the parent's
      // "Terrace" and a location's "Terrace" are two places).
      label={own ? `Zone ${zone.name}` : `Zone ${zone.name} at ${restaurantName}`}
    >
      <Group gap="xs" mb="sm" wrap="nowrap">
        <InlineName
          name={zone.name}
          noun="zone"
          order="zone"
          onRename={(name) => handlers.onRenameZone(zone._id, name)}
          onDelete={() => handlers.onDeleteZone(zone._id, zone.name)}
        />
        {zone.maps.length > 0 && !zone._id.includes('-') && (
          <PrintAllMenu
            where={{ zoneId: zone._id }}
            label={`Print all: the cards of every display of ${zone.name}`}
          />
        )}
      </Group>
      <div className={classes.displays}>
        {zone.maps.map((display) => (
          <DisplayCard
            key={display._id}
            display={display}
            locationId={locationId}
            own={own}
            restaurantName={restaurantName}
            {...handlers}
          />
        ))}
        <Placeholder>
          {zone.maps.length === 0
            ? 'No menu displays yet. Drag a Menu Display here for each table or screen.'
            : 'Drag a Menu Display here to add another; a menu dropped here goes to every display.'}
        </Placeholder>
      </div>
    </DropZone>
  );
}

function DisplayCard({
  display,
  locationId,
  own,
  restaurantName,
  onRenameDisplay,
  onDeleteDisplay,
  onRemoveMenu,
}: { display: MenuDisplay } & Place & Handlers) {
  const [embedOpened, embed] = useDisclosure(false);
  // A display just dropped has no address until its save answers (its id is still the browser's).
  const saved = display.url !== '';
  return (
    <DropZone
      target={{ kind: 'display', id: display._id, name: display.name, locationId }}
      className={classes.display}
      label={own ? `Menu display ${display.name}` : `Menu display ${display.name} at ${restaurantName}`}
    >
      <Paper p="sm" radius="md" className={classes.displayInner}>
        <Group gap="xs" wrap="nowrap" mb="xs">
          <InlineName
            name={display.name}
            noun="menu display"
            order="display"
            onRename={(name) => onRenameDisplay(display._id, name)}
            onDelete={() => onDeleteDisplay(display._id, display.name)}
          />
        </Group>
        <Stack
          gap={4}
          mb="sm"
          aria-label={`Menus of ${display.name}`}
          component="ul"
          className={classes.menuList}
        >
          {display.menus.map(({ menu }) => (
            <Group key={menu._id} component="li" gap={6} wrap="nowrap" className={classes.menuEntry}>
              <Text size="sm" truncate style={{ flex: 1, minWidth: 0 }}>
                {menu.name}
              </Text>
              {menu.draft && (
                <Tooltip label="Diners see it once it is published">
                  <Badge size="xs" variant="light" color="gray">
                    Draft
                  </Badge>
                </Tooltip>
              )}
              {menu.fromParent && (
                <Badge size="xs" variant="light" color="grape">
                  Parent
                </Badge>
              )}
              <ActionIcon
                size="sm"
                variant="subtle"
                color="gray"
                onClick={() => onRemoveMenu(display._id, menu._id)}
                aria-label={`Remove ${menu.name} from ${display.name}`}
              >
                <IconX size={14} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
        {display.menus.length === 0 && <Placeholder>Drag menus here.</Placeholder>}
        {saved && (
          <>
            <Text size="xs" c="dimmed" truncate mb={6} title={display.url}>
              {display.url.replace(/^https?:\/\//, '')}
            </Text>
            <Group gap={6}>
              <CopyMenuUrlButton url={display.url} size="compact-xs" />
              <Button
                variant="default"
                size="compact-xs"
                leftSection={<IconCode size={14} />}
                onClick={embed.open}
              >
                Copy Embed Code
              </Button>
              <QrDownloadMenu mapId={display._id} size="compact-xs" />
              {/* A parent's location prints in its own QR design, set in its settings. */}
              {own && (
                <Anchor
                  component={Link}
                  to="/settings#qr-code"
                  size="xs"
                  fw={700}
                  className={classes.customize}
                >
                  <IconQrcode size={14} aria-hidden /> CUSTOMIZE QR
                </Anchor>
              )}
            </Group>
            <EmbedCodeModal
              opened={embedOpened}
              onClose={embed.close}
              url={display.url}
              restaurantName={restaurantName}
            />
          </>
        )}
      </Paper>
    </DropZone>
  );
}
