import { ActionIcon, Button, Menu } from '@mantine/core';
import {
  type Icon,
  IconAdjustments,
  IconBook2,
  IconFileSpreadsheet,
  IconHelp,
  IconPhoto,
  IconQrcode,
  IconSalad,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { SupportMenuItems } from './support-links.tsx';
import { type HelpSlug, helpPath, helpTopics } from './topics.ts';

const topicIcons: Record<HelpSlug, Icon> = {
  '': IconBook2,
  'side-dishes': IconSalad,
  'csv-documents': IconFileSpreadsheet,
  'uploading-images': IconPhoto,
  'using-customizations': IconAdjustments,
  'qr-codes': IconQrcode,
};

/**
 * The help pop-up of doc 1 §2: the six help pages Carte serves, then the report-an-issue and inquiry
 * mail links. A Mantine menu: arrow keys move through it, Escape closes it.
 */
export function HelpMenu({ compact = false }: { /** Phones show the icon only. */ compact?: boolean }) {
  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        {compact ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            aria-label="Help"
            // The tour's "Report an issue" step: the link is in this pop-up.
            data-tour="report-issue"
          >
            <IconHelp size={22} stroke={1.7} />
          </ActionIcon>
        ) : (
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconHelp size={20} stroke={1.7} />}
            data-tour="report-issue"
          >
            Help
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Help</Menu.Label>
        {helpTopics.map((topic) => {
          const TopicIcon = topicIcons[topic.slug];
          return (
            <Menu.Item
              key={topic.slug}
              component={Link}
              to={helpPath(topic)}
              leftSection={<TopicIcon size={16} stroke={1.7} />}
            >
              {topic.title}
            </Menu.Item>
          );
        })}
        <Menu.Divider />
        <Menu.Label>Contact us</Menu.Label>
        <SupportMenuItems />
      </Menu.Dropdown>
    </Menu>
  );
}
