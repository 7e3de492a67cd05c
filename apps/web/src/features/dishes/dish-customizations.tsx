import type { Customization } from '@carte/domain';
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useIngredients, useIngredientsNamed } from '../../api/ingredients.api.ts';
import { isImplemented } from '../../ui/implemented-paths.ts';
import { useCan } from '../../ui/use-can.ts';
import {
  blankCustomization,
  type CustomizationDraft,
  CustomizationEditor,
  useIngredientOptions,
  validateCustomizations,
} from '../customizations/index.ts';
import classes from './dish-form.module.css';

/** "Extra toppings · 4 options · fixed price" */
function summary(
  customization: Pick<CustomizationDraft, 'isCustom' | 'isFixedPrice' | 'options'>,
  nameOf: (id: string) => string,
) {
  const names = customization.options
    .map((option) =>
      customization.isCustom ? option.name : option.ingredient ? nameOf(option.ingredient) : '',
    )
    .filter(Boolean);
  const shown = names.slice(0, 4).join(', ');
  return `${shown}${names.length > 4 ? ` and ${names.length - 4} more` : ''} · ${
    customization.isFixedPrice ? 'fixed price' : 'percentage of the dish price'
  }`;
}

/**
 * The dish's customizations (doc 1 §3): menu-wide ones it offers (selected ids) and its own, edited
 * in a dialog with the shared customization editor.
 */
export function DishCustomizations({
  menuWide,
  menuWideLoading,
  selected,
  onSelectedChange,
  custom,
  onCustomChange,
  basePrice,
  disabled,
}: {
  menuWide: readonly Customization[] | undefined;
  menuWideLoading: boolean;
  selected: string[];
  onSelectedChange: (ids: string[]) => void;
  custom: CustomizationDraft[];
  onCustomChange: (drafts: CustomizationDraft[]) => void;
  basePrice: number | null;
  disabled?: boolean;
}) {
  const can = useCan();
  // Only the ingredients the options name (issue 21: not the whole list past 500).
  const named = [...(menuWide ?? []), ...custom].flatMap((customization) =>
    customization.isCustom ? [] : customization.options.flatMap((option) => option.ingredient ?? []),
  );
  const ingredients = useIngredientsNamed([...new Set(named)]);
  const { labelOf } = useIngredientOptions(ingredients.list);
  const [editing, setEditing] = useState(false);
  const manageLink = can('restaurant') && isImplemented('/customizations');

  return (
    <Stack gap="lg">
      <div>
        <Group justify="space-between" mb={6} gap="xs">
          <div>
            <Title order={3} fz="sm">
              Menu-wide customizations
            </Title>
            <Text size="xs" c="dimmed">
              Shared by every dish that picks them.
            </Text>
          </div>
          {manageLink && (
            <Anchor component={Link} to="/customizations" size="sm">
              Manage
            </Anchor>
          )}
        </Group>
        {menuWideLoading ? (
          <Skeleton height={56} />
        ) : !menuWide || menuWide.length === 0 ? (
          <Text size="sm" c="dimmed">
            No menu-wide customizations yet.
          </Text>
        ) : (
          <Checkbox.Group value={selected} onChange={onSelectedChange}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs">
              {menuWide.map((customization) => (
                <Checkbox.Card
                  key={customization._id}
                  value={customization._id}
                  className={classes.choice}
                  disabled={disabled}
                >
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <Checkbox.Indicator disabled={disabled} mt={2} />
                    <div style={{ minWidth: 0 }}>
                      <Group gap={6}>
                        <Text size="sm" fw={500}>
                          {customization.name}
                        </Text>
                        {!customization.isAvailable && (
                          <Badge size="xs" variant="light" color="gray">
                            Unavailable
                          </Badge>
                        )}
                      </Group>
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {summary(
                          {
                            ...customization,
                            options: customization.options.map((option) => ({
                              ...option,
                              key: option._id,
                              name: option.name ?? '',
                            })),
                          },
                          labelOf,
                        )}
                      </Text>
                    </div>
                  </Group>
                </Checkbox.Card>
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        )}
      </div>

      <div>
        <Group justify="space-between" mb={6} gap="xs">
          <div>
            <Title order={3} fz="sm">
              Only for this dish
            </Title>
            <Text size="xs" c="dimmed">
              Options and prices that belong to this dish alone.
            </Text>
          </div>
          {custom.length > 0 && !disabled && (
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              leftSection={<IconTrash size={14} />}
              onClick={() => onCustomChange([])}
            >
              Remove all
            </Button>
          )}
        </Group>
        <Stack gap="xs">
          {custom.map((draft) => (
            <Paper key={draft.key} withBorder radius="md" p="sm">
              <Group gap={6}>
                <Text size="sm" fw={500}>
                  {draft.name}
                </Text>
                {!draft.isAvailable && (
                  <Badge size="xs" variant="light" color="gray">
                    Unavailable
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed" lineClamp={2}>
                {summary(draft, labelOf)}
              </Text>
            </Paper>
          ))}
          {!disabled && (
            <Button
              variant="light"
              leftSection={custom.length > 0 ? <IconPencil size={16} /> : <IconPlus size={16} />}
              onClick={() => setEditing(true)}
              style={{ alignSelf: 'flex-start' }}
            >
              {custom.length > 0 ? 'Edit dish customizations' : 'Add a dish customization'}
            </Button>
          )}
        </Stack>
      </div>

      <DishCustomizationDialog
        opened={editing}
        initial={custom}
        basePrice={basePrice}
        onClose={() => setEditing(false)}
        onApply={(drafts) => {
          onCustomChange(drafts);
          setEditing(false);
        }}
      />
    </Stack>
  );
}

/** The nested dialog of doc 1 §2 for dish-specific customizations; at least one stays (doc 1 §4). */
function DishCustomizationDialog({
  opened,
  initial,
  basePrice,
  onClose,
  onApply,
}: {
  opened: boolean;
  initial: CustomizationDraft[];
  basePrice: number | null;
  onClose: () => void;
  onApply: (drafts: CustomizationDraft[]) => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Dish customizations" size="xl">
      {/* Mounted only while open, so every opening starts from the form's current list. */}
      {opened && <DialogBody initial={initial} basePrice={basePrice} onClose={onClose} onApply={onApply} />}
    </Modal>
  );
}

function DialogBody({
  initial,
  basePrice,
  onClose,
  onApply,
}: {
  initial: CustomizationDraft[];
  basePrice: number | null;
  onClose: () => void;
  onApply: (drafts: CustomizationDraft[]) => void;
}) {
  const ingredients = useIngredients();
  const { options, nameOf } = useIngredientOptions(ingredients.data);
  const [drafts, setDrafts] = useState<CustomizationDraft[]>(() =>
    initial.length > 0 ? initial : [blankCustomization()],
  );
  const [revealAll, setRevealAll] = useState(false);
  const errors = useMemo(() => validateCustomizations(drafts, nameOf), [drafts, nameOf]);
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <Stack gap="md">
      <CustomizationEditor
        value={drafts}
        onChange={setDrafts}
        errors={errors}
        revealAll={revealAll}
        ingredients={options}
        basePrice={basePrice}
        keepOne
      />
      <Group justify="flex-end" gap="sm" className={classes.dialogFooter}>
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          disabled={revealAll && hasErrors}
          onClick={() => {
            setRevealAll(true);
            if (!hasErrors) onApply(drafts);
          }}
        >
          Apply to dish
        </Button>
      </Group>
    </Stack>
  );
}
