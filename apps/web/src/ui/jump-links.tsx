import { Anchor, Group, Text } from '@mantine/core';

export interface JumpLink {
  /** The id of the section's element. */
  id: string;
  label: string;
}

/** Room above a section reached by a jump link: the app's header, pinned over the page. */
export const jumpTargetStyle = { scrollMarginTop: 'calc(var(--app-shell-header-height, 60px) + 16px)' };

/**
 * "On this page": links to the sections of a long page (issue 22, item 7: the dashboard and the
 * settings run to 5,000 px on a phone). Plain in-page links, so the browser's own scrolling, history
 * and focus rules apply.
 */
export function JumpLinks({ label, links }: { label: string; links: JumpLink[] }) {
  return (
    <Group component="nav" aria-label={label} gap="xs" wrap="wrap">
      <Text size="sm" c="gray.7" component="span">
        On this page:
      </Text>
      {links.map((link) => (
        <Anchor key={link.id} href={`#${link.id}`} size="sm" fw={500}>
          {link.label}
        </Anchor>
      ))}
    </Group>
  );
}
