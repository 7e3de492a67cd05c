import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';

/** The red (or green) box above a form for messages that belong to no single field. */
export function FormAlert({
  message,
  tone = 'error',
}: {
  message: string | null;
  tone?: 'error' | 'success';
}) {
  if (!message) return null;
  const success = tone === 'success';
  return (
    <Alert
      color={success ? 'teal' : 'red'}
      variant="light"
      icon={success ? <IconCircleCheck size={18} /> : <IconAlertCircle size={18} />}
      role={success ? 'status' : 'alert'}
    >
      {message}
    </Alert>
  );
}
