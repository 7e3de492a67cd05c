import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './auth-card.module.css';

interface AuthCardProps {
  title: ReactNode;
  description?: ReactNode;
  /** Register needs more room than sign-in. */
  width?: number;
  children: ReactNode;
  footer?: ReactNode;
}

export function AuthCard({ title, description, width = 440, children, footer }: AuthCardProps) {
  return (
    <Stack gap="md" w="100%" maw={width}>
      <Paper className={classes.card} shadow="sm" withBorder>
        <Stack gap={6} mb="lg">
          <Title order={1} className={classes.title}>
            {title}
          </Title>
          {description && (
            <Text c="dimmed" size="sm">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Paper>
      {footer && (
        <Text ta="center" size="sm" c="dimmed">
          {footer}
        </Text>
      )}
    </Stack>
  );
}
