import { type Menu, messages, templateInfo } from '@carte/domain';
import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconLock, IconPencil, IconPhoto } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCan } from '../../ui/use-can.ts';
import classes from './dashboard.module.css';

/** The selected menu at a glance: cover, name, state, and the way to its form. */
export function SelectedMenuCard({ menu, publicUrl }: { menu: Menu; publicUrl: string | null }) {
  const can = useCan();
  const status = menu.fromParent
    ? { label: 'From parent', color: 'gray' }
    : menu.draft
      ? { label: 'Draft', color: 'yellow' }
      : { label: 'Published', color: 'teal' };
  const editable = can('menu') && !menu.fromParent;

  return (
    <Card padding="md">
      <Stack gap="sm">
        <Group gap="md" wrap="nowrap" align="flex-start">
          {menu.cover ? (
            <img src={menu.coverVariants?.thumb ?? menu.cover} alt="" className={classes.cover} />
          ) : (
            <span className={classes.cover} style={{ display: 'grid', placeItems: 'center' }}>
              <IconPhoto size={22} color="var(--mantine-color-gray-5)" aria-hidden />
            </span>
          )}
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Group gap={8} wrap="wrap">
              <Text fw={700} size="lg" lh={1.3}>
                {menu.name}
              </Text>
              <Badge variant="light" color={status.color} size="sm">
                {status.label}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed" lineClamp={2}>
              {menu.description || 'No description yet: add one in Edit menu.'}
            </Text>
            <Text size="xs" c="dimmed">
              {menu.categories.length} {menu.categories.length === 1 ? 'category' : 'categories'} ·{' '}
              {/* Templates go by one name everywhere: the label the menu form's picker shows. */}
              {templateInfo(menu.selectedTemplate).label} template
            </Text>
          </Stack>
        </Group>
        {menu.fromParent && (
          <Alert color="yellow" variant="light" icon={<IconLock size={18} />} p="xs">
            {messages.menuFromParentWarning}
          </Alert>
        )}
        <Group gap="xs">
          <Button
            component={Link}
            to={`/create-menu?id=${menu._id}`}
            size="xs"
            variant={editable ? 'filled' : 'default'}
            leftSection={<IconPencil size={14} />}
          >
            {editable ? 'Edit menu' : 'View menu'}
          </Button>
          {publicUrl && !menu.draft && (
            <Button
              component="a"
              href={publicUrl}
              target="_blank"
              rel="noreferrer"
              size="xs"
              variant="default"
              leftSection={<IconExternalLink size={14} />}
            >
              Open public menu
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
