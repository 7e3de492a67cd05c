import {
  type AccessRule,
  effectivePermissions,
  isAdminRole,
  messages,
  type PermissionKey,
  permissionKeys,
  permissionLabels,
  type User,
} from '@carte/domain';
import { Button, Center, EmptyState } from '@mantine/core';
import { IconLock, IconMail } from '@tabler/icons-react';
import { Link } from 'react-router';

export interface DeniedExplanation {
  title: string;
  /** What the user lacks, and where to go for it. */
  text: string;
  action: string;
  /** A mail link to the person who can help (a client's account manager), when there is one. */
  mailTo?: { label: string; href: string };
}

const joinOr = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
const joinAnd = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

/**
 * The words of a refused page for this user (issue 22): what they lack and where to go. A reseller's
 * client, who is her restaurant's owner but is subscribed by her reseller, gets the specification's
 * account-manager text and mail link (doc 1 §8) for /subscribe.
 */
export function explainDenied(
  user: Pick<User, 'role' | 'permissions' | 'dma_parent_email'>,
  rule?: AccessRule,
): DeniedExplanation {
  const { role } = user;
  if (isAdminRole(role))
    return {
      title: messages.permissionDenied,
      text: "This page belongs to a restaurant's workspace, which an admin account does not have. To work on a restaurant's menus, open its owner from the admin area and act for them.",
      action: 'Back to the admin dashboard',
    };
  if (role === 'DMA')
    return {
      title: messages.permissionDenied,
      text: "This page belongs to a restaurant's workspace, which a reseller account does not have. Open one of your clients from your dashboard to act for them.",
      action: 'Back to your clients',
    };
  const ownerOnly = rule?.roles && !rule.roles.includes(role);
  if (ownerOnly && role === 'DMA_CLIENT') {
    const email = user.dma_parent_email;
    return {
      title: 'Your account manager handles your subscription',
      text: messages.subscribeRequiredClient,
      action: 'Back to dashboard',
      ...(email
        ? {
            mailTo: {
              label: `Email ${email}`,
              href: `mailto:${email}?subject=${encodeURIComponent('INQUIRY')}`,
            },
          }
        : {}),
    };
  }
  if (ownerOnly)
    return {
      title: messages.permissionDenied,
      text: 'Only the restaurant owner can open this page: the subscription is theirs to buy and manage. Ask the owner if your menus need publishing.',
      action: 'Back to dashboard',
    };
  const held = effectivePermissions(role, user.permissions);
  const needed = (rule?.except ?? []).filter((key): key is PermissionKey =>
    (permissionKeys as readonly string[]).includes(key),
  );
  const missing = rule?.connector === 'or' ? needed : needed.filter((key) => !held[key]);
  if (missing.length > 0) {
    const labels = missing.map((key) => permissionLabels[key]);
    const what =
      rule?.connector === 'or' && labels.length > 1
        ? `one of the ${joinOr(labels)} permissions`
        : `the ${joinAnd(labels)} permission${labels.length > 1 ? 's' : ''}`;
    return {
      title: messages.permissionDenied,
      text: `This page needs ${what}, which your account does not have. The restaurant owner gives permissions on the Members page: ask them if you need it.`,
      action: 'Back to dashboard',
    };
  }
  return {
    title: messages.permissionDenied,
    text: 'Your account does not have access to this page. Ask the restaurant owner if you need it.',
    action: 'Back to dashboard',
  };
}

/** A private route whose rule the user does not satisfy (doc 3 §6). */
export function PermissionDenied({
  homePath = '/',
  user,
  rule,
}: {
  homePath?: string;
  user: Pick<User, 'role' | 'permissions' | 'dma_parent_email'>;
  rule?: AccessRule;
}) {
  const { title, text, action, mailTo } = explainDenied(user, rule);
  return (
    <Center mih="60vh" px="md">
      <EmptyState icon={<IconLock size={28} stroke={1.6} />} withIndicatorBackground>
        {/* The page's one heading (axe page-has-heading-one, issue 22). */}
        <EmptyState.Title order={1}>{title}</EmptyState.Title>
        <EmptyState.Description>{text}</EmptyState.Description>
        <EmptyState.Actions>
          {mailTo && (
            <Button component="a" href={mailTo.href} leftSection={<IconMail size={16} aria-hidden />}>
              {mailTo.label}
            </Button>
          )}
          <Button component={Link} to={homePath} variant="light">
            {action}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Center>
  );
}
