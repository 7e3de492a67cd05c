import { Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconBolt, IconDeviceMobile, IconQrcode } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { BrandLogo } from '../../ui/brand-logo.tsx';
import { visibleNav } from '../../ui/visible-nav.ts';
import classes from './auth-layout.module.css';

const highlights = [
  { icon: IconQrcode, text: 'QR codes and table cards your guests scan in a second' },
  { icon: IconDeviceMobile, text: 'A menu that opens fast on every phone' },
  { icon: IconBolt, text: 'Change a price or sell out a dish, live for everyone' },
];

const preview = [
  { name: 'Smash burger', detail: 'Cheddar, pickles, house sauce', price: '$12.50' },
  { name: 'Loaded fries', detail: 'Bacon, scallions, chipotle mayo', price: '$7.00' },
  { name: 'Lemonade', detail: 'Fresh mint, cane sugar', price: '$4.00' },
];

/** The signed-out pages: a brand panel beside a centred card (the panel gives way on phones). */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // The signed-out navigation list of the domain (doc 1 §2): only its public entries.
  const links = visibleNav(null);

  return (
    <div className={classes.root}>
      <aside className={classes.brandPanel} aria-hidden="true">
        <div className={classes.brandContent}>
          <BrandLogo size={36} variant="light" />
          <Stack gap="xl" className={classes.pitch}>
            <Title order={2} className={classes.headline}>
              Your menu, everywhere your guests are.
            </Title>
            <Text className={classes.tagline}>
              Build digital menus for your restaurant or food truck, publish them in minutes and share them
              with a QR code.
            </Text>
            <Stack gap="sm">
              {highlights.map(({ icon: Icon, text }) => (
                <Group key={text} gap="sm" wrap="nowrap">
                  <span className={classes.highlightIcon}>
                    <Icon size={18} stroke={1.8} />
                  </span>
                  <Text size="sm" className={classes.highlightText}>
                    {text}
                  </Text>
                </Group>
              ))}
            </Stack>
            <div className={classes.preview}>
              <Group justify="space-between" mb="sm">
                <Text fw={700} size="sm">
                  Lunch menu
                </Text>
                <Text size="xs" c="dimmed">
                  11:00 – 15:00
                </Text>
              </Group>
              {preview.map((dish) => (
                <Group key={dish.name} justify="space-between" wrap="nowrap" className={classes.previewRow}>
                  <div>
                    <Text size="sm" fw={600} c="carte.7">
                      {dish.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {dish.detail}
                    </Text>
                  </div>
                  <Text size="sm" fw={600}>
                    {dish.price}
                  </Text>
                </Group>
              ))}
            </div>
          </Stack>
          <Text size="xs" className={classes.legal}>
            © {new Date().getFullYear()} Carte · Digital menus for restaurants and food trucks
          </Text>
        </div>
      </aside>

      <main className={classes.formSide}>
        <Group justify="space-between" className={classes.topBar}>
          <Box hiddenFrom="md" component={Link} to="/login" aria-label="Carte" className={classes.logoLink}>
            <BrandLogo size={30} />
          </Box>
          <Group gap={4} ml="auto" component="nav" aria-label="Account">
            {links.map((link) => (
              <Button
                key={link.path}
                component={Link}
                to={link.path}
                size="compact-sm"
                variant={pathname === link.path ? 'light' : 'subtle'}
                color={pathname === link.path ? undefined : 'gray'}
                aria-current={pathname === link.path ? 'page' : undefined}
              >
                {link.name}
              </Button>
            ))}
          </Group>
        </Group>
        <Text hiddenFrom="md" size="sm" c="dimmed" className={classes.phoneTagline}>
          Digital menus for restaurants and food trucks
        </Text>
        <div className={classes.center}>{children}</div>
      </main>
    </div>
  );
}
