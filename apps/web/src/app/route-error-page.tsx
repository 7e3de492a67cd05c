import { messages } from '@carte/domain';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';
import { BrandLogo } from '../ui/brand-logo.tsx';

/** A screen crashed or its code failed to load (e.g. after a deploy): offer a reload, show no internals. */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <Center mih="100vh" px="md">
      <Stack align="center" gap="md" maw={420} ta="center">
        <BrandLogo size={36} />
        <Title order={1} fz="h2">
          {messages.somethingWentWrong}
        </Title>
        <Text c="dimmed">Please reload the page. If it keeps happening, report the issue to us.</Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
