import { messages } from '@carte/domain';
import { Button, Group, Menu, Text } from '@mantine/core';
import { IconBug, IconMail } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { usePublicConfig } from '../../api/use-public-config.ts';
import { supportMailto } from './support-mail.ts';

/** The two mail links of doc 1 §2, addressed to SUPPORT_EMAIL; undefined until the settings load. */
export function useSupportLinks() {
  const config = usePublicConfig();
  const { pathname } = useLocation();
  const address = config.data?.supportEmail;
  if (!address) return undefined;
  // The page without its query string, which may hold a token that has no place in a mail.
  const page = `${window.location.origin}${pathname}`;
  return {
    address,
    issueReport: supportMailto(address, messages.issueReportSubject, page),
    inquiry: supportMailto(address, messages.inquirySubject),
  };
}

/** "Report an issue" and "Send an inquiry" as items of the help pop-up. */
export function SupportMenuItems() {
  const links = useSupportLinks();
  return (
    <>
      <Menu.Item
        component="a"
        href={links?.issueReport}
        leftSection={<IconBug size={16} stroke={1.7} />}
        disabled={!links}
      >
        Report an issue
      </Menu.Item>
      <Menu.Item
        component="a"
        href={links?.inquiry}
        leftSection={<IconMail size={16} stroke={1.7} />}
        disabled={!links}
      >
        Send an inquiry
      </Menu.Item>
    </>
  );
}

/** The same links at the foot of every help page, with the address spelled out. */
export function SupportLinks() {
  const links = useSupportLinks();
  if (!links) return null;
  return (
    <section aria-labelledby="help-contact">
      <Text fw={700} id="help-contact" component="h2" fz="h3" mb={4}>
        Still need help?
      </Text>
      <Text size="sm" c="gray.7" mb="sm">
        Write to us at {links.address}. Your mail app opens with the subject filled in.
      </Text>
      <Group gap="sm">
        <Button component="a" href={links.issueReport} variant="light" leftSection={<IconBug size={16} />}>
          Report an issue
        </Button>
        <Button component="a" href={links.inquiry} variant="default" leftSection={<IconMail size={16} />}>
          Send an inquiry
        </Button>
      </Group>
    </section>
  );
}
