import { Badge } from '@mantine/core';

/** "Available" (teal) or "Unavailable" (gray) in a table row. */
export function AvailabilityBadge({ available }: { available: boolean }) {
  return (
    <Badge variant="light" color={available ? 'teal' : 'gray'} size="sm">
      {available ? 'Available' : 'Unavailable'}
    </Badge>
  );
}
