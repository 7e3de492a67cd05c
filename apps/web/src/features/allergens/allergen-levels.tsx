import { ALLERGENS, type AllergenDeclaration } from '@carte/domain';
import { Group, SegmentedControl, SimpleGrid, Text } from '@mantine/core';
import { type AllergenLevel, levelOf, withLevel } from './allergen-words.ts';

const levels: { value: AllergenLevel; label: string }[] = [
  { value: 'none', label: 'No' },
  { value: 'may', label: 'May contain' },
  { value: 'contains', label: 'Contains' },
];

/**
 * The 14 regulated allergens, each with "No / May contain / Contains" (issue 23). Radio groups, so
 * the arrow keys move within one allergen and Tab from one to the next.
 */
export function AllergenLevels({
  value,
  onChange,
  disabled,
  label,
  columns = 1,
}: {
  value: AllergenDeclaration;
  onChange: (next: AllergenDeclaration) => void;
  disabled?: boolean;
  /** Names the group for assistive technology ("Allergens of Pesto"). */
  label: string;
  /** Two columns where the form is wide (the dish form on a desk); one in a drawer. */
  columns?: 1 | 2;
}) {
  return (
    <SimpleGrid
      cols={columns === 2 ? { base: 1, md: 2 } : 1}
      spacing="xl"
      verticalSpacing={6}
      role="group"
      aria-label={label}
    >
      {ALLERGENS.map((allergen) => {
        const level = levelOf(value, allergen.key);
        return (
          <Group key={allergen.key} justify="space-between" gap={4} wrap="wrap">
            <Text size="sm" fw={level === 'none' ? 400 : 600} title={allergen.name}>
              {allergen.short}
            </Text>
            <SegmentedControl
              size="xs"
              data={levels}
              value={level}
              onChange={(next) => onChange(withLevel(value, allergen.key, next as AllergenLevel))}
              disabled={disabled}
              aria-label={allergen.name}
              color={level === 'contains' ? 'dark' : level === 'may' ? 'gray' : undefined}
            />
          </Group>
        );
      })}
    </SimpleGrid>
  );
}
