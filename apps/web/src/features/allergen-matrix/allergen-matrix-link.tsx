import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconTable } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The address of a menu's allergen matrix (issue 23 §6). */
export const allergenMatrixPath = (menuId: string) => `/menus/${menuId}/allergens`;

/** A link to a menu's allergen matrix: a button, or an icon in a list row (`compact`). */
export function AllergenMatrixLink({
  menuId,
  menuName,
  compact = false,
}: {
  menuId: string;
  menuName: string;
  compact?: boolean;
}) {
  if (compact)
    return (
      <Tooltip label="Allergen matrix">
        <ActionIcon
          component={Link}
          to={allergenMatrixPath(menuId)}
          variant="subtle"
          color="gray"
          size="md"
          aria-label={`Allergen matrix of ${menuName}`}
        >
          <IconTable size={16} />
        </ActionIcon>
      </Tooltip>
    );
  return (
    <Button
      component={Link}
      to={allergenMatrixPath(menuId)}
      variant="default"
      leftSection={<IconTable size={16} />}
    >
      Allergen matrix
    </Button>
  );
}
