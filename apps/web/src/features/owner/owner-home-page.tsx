import { messages, satisfies } from '@carte/domain';
import {
  ActionIcon,
  Anchor,
  Card,
  Divider,
  Grid,
  Group,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  type Icon,
  IconCopy,
  IconExternalLink,
  IconQrcode,
  IconRocket,
  IconSalad,
  IconToolsKitchen2,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../api/session.ts';
import { usePublicConfig } from '../../api/use-public-config.ts';
import { isImplemented } from '../../app/implemented-paths.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { ProfileCard } from '../../ui/profile-card.tsx';

interface Step {
  icon: Icon;
  title: string;
  text: string;
  path: string;
}

const steps: Step[] = [
  {
    icon: IconToolsKitchen2,
    title: 'Create a menu',
    text: 'Name it, choose a template and set your colours and fonts.',
    path: '/create-menu',
  },
  {
    icon: IconSalad,
    title: 'Add categories and dishes',
    text: 'Prices, photos, ingredients, customizations and dietary tags.',
    path: '/create-dish',
  },
  {
    icon: IconRocket,
    title: 'Publish',
    text: 'Guests see published menus only, at the hours you choose.',
    path: '/timeline',
  },
  {
    icon: IconQrcode,
    title: 'Share',
    text: 'Print QR table cards, copy the link or embed the menu on your website.',
    path: '/settings',
  },
];

/** The owner's dashboard (/). Menus, dishes and the tour arrive with their own features. */
export function OwnerHomePage() {
  const user = useCurrentUser();
  const config = usePublicConfig();
  const restaurant = user.restaurants[0];
  const firstName = user.firstName || user.username;
  const publicLink =
    restaurant && config.data ? `${config.data.publicUrl.replace(/\/$/, '')}/menu/${restaurant._id}` : null;

  const handleCopy = async () => {
    if (!publicLink) return;
    try {
      await navigator.clipboard.writeText(publicLink);
      notifySuccess(messages.menuUrlCopied);
    } catch {
      notifyError(messages.menuUrlCopyFailed);
    }
  };

  return (
    <Stack gap="xl">
      <PageHeader
        title={`Welcome, ${firstName}`}
        description={
          restaurant
            ? `Let's get the ${restaurant.name} menu in front of your guests.`
            : 'Your digital menu starts here.'
        }
      />

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card h="100%">
            <Stack gap={4} mb="lg">
              <Title order={2} fz="h3">
                Get your menu online
              </Title>
              <Text size="sm" c="dimmed">
                Four steps from an empty account to a menu your guests can scan.
              </Text>
            </Stack>
            <Stack gap={0}>
              {steps.map((step, index) => {
                const StepIcon = step.icon;
                const linked = isImplemented(step.path);
                return (
                  <div key={step.title}>
                    {index > 0 && <Divider my="sm" />}
                    <Group wrap="nowrap" align="flex-start" gap="md">
                      <ThemeIcon size={40} radius="md" variant="light">
                        <StepIcon size={20} stroke={1.7} />
                      </ThemeIcon>
                      <div style={{ flex: 1 }}>
                        <Text fw={600}>
                          <Text span c="dimmed" fw={600} mr={6}>
                            {index + 1}.
                          </Text>
                          {linked ? (
                            <Anchor component={Link} to={step.path} inherit>
                              {step.title}
                            </Anchor>
                          ) : (
                            step.title
                          )}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {step.text}
                        </Text>
                      </div>
                    </Group>
                  </div>
                );
              })}
            </Stack>
          </Card>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            {restaurant && (
              <Card>
                <Text size="xs" tt="uppercase" fw={700} c="dimmed" mb={6}>
                  Your public menu
                </Text>
                <Text fw={600}>{restaurant.name}</Text>
                <Text size="sm" c="dimmed" mb="sm">
                  Time zone: {restaurant.timeZone}
                </Text>
                {publicLink && (
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" ff="monospace" truncate style={{ flex: 1 }} title={publicLink}>
                      {publicLink.replace(/^https?:\/\//, '')}
                    </Text>
                    <Tooltip label="Copy link">
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        onClick={handleCopy}
                        aria-label="Copy menu link"
                      >
                        <IconCopy size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Open menu">
                      <ActionIcon
                        component="a"
                        href={publicLink}
                        target="_blank"
                        rel="noreferrer"
                        variant="subtle"
                        color="gray"
                        aria-label="Open public menu in a new tab"
                      >
                        <IconExternalLink size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                )}
                <Text size="xs" c="dimmed" mt="xs">
                  Guests see it once a menu is published.
                </Text>
              </Card>
            )}
            {satisfies(user.role, user.permissions, {
              except: ['restaurant', 'member'],
              connector: 'or',
            }) && <ProfileCard user={user} accountPath="/update-account" />}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
