import { messages, optionPrice } from '@carte/domain';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { SEARCHED_OPTIONS } from '../../ui/use-big-list.ts';
import {
  blankCustomization,
  blankOption,
  type CustomizationDraft,
  type CustomizationErrors,
  type OptionDraft,
} from './customization-draft.ts';
import classes from './customization-editor.module.css';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export interface CustomizationEditorProps {
  value: CustomizationDraft[];
  onChange: (next: CustomizationDraft[]) => void;
  /** From `validateCustomizations`. */
  errors: CustomizationErrors;
  /** Show every error (after a save attempt), not only those of fields the user has left. */
  revealAll: boolean;
  ingredients: ReadonlyArray<{ value: string; label: string }>;
  /** The dish's price, for the price preview of options; absent for menu-wide customizations. */
  basePrice?: number | null;
  disabled?: boolean;
  /** The dish form keeps at least one customization (doc 1 §4); the menu-wide list may be empty. */
  keepOne?: boolean;
}

/**
 * Edits a list of customizations: the dish-specific dialog and the menu-wide screen (/customizations)
 * both use it (doc 1 §2, §3, §5).
 */
export function CustomizationEditor({
  value,
  onChange,
  errors,
  revealAll,
  ingredients,
  basePrice,
  disabled,
  keepOne = false,
}: CustomizationEditorProps) {
  // Fields the user has left, by row key, so errors appear where the user has been.
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const touch = (key: string) =>
    setTouched((current) => (current.has(key) ? current : new Set(current).add(key)));
  const errorAt = (path: string, touchKey: string) =>
    revealAll || touched.has(touchKey) ? errors[path] : undefined;

  const update = (index: number, patch: Partial<CustomizationDraft>) =>
    onChange(value.map((draft, at) => (at === index ? { ...draft, ...patch } : draft)));
  const updateOption = (index: number, optionIndex: number, patch: Partial<OptionDraft>) => {
    const draft = value[index];
    if (!draft) return;
    update(index, {
      options: draft.options.map((option, at) => (at === optionIndex ? { ...option, ...patch } : option)),
    });
  };

  return (
    <Stack gap="md">
      {value.map((draft, index) => {
        const lastOne = keepOne && value.length === 1;
        return (
          <Paper key={draft.key} withBorder p="md" radius="md" className={classes.card}>
            <Stack gap="sm">
              <Group align="flex-start" gap="sm" wrap="nowrap">
                <TextInput
                  className={classes.grow}
                  label="Customization name"
                  placeholder="e.g. Choose your salsa"
                  withAsterisk
                  value={draft.name}
                  onChange={(event) => update(index, { name: event.currentTarget.value })}
                  onBlur={() => touch(`${draft.key}:name`)}
                  error={errorAt(`${index}.name`, `${draft.key}:name`)}
                  disabled={disabled}
                />
                <Tooltip label={messages.lastCustomization} disabled={!lastOne}>
                  {/* A disabled button fires no hover events: the wrapper carries the tooltip. */}
                  <Box mt={26}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={`Delete customization ${draft.name || index + 1}`}
                      disabled={disabled || lastOne}
                      onClick={() => onChange(value.filter((_, at) => at !== index))}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Box>
                </Tooltip>
              </Group>

              <Group gap="md" wrap="wrap" align="flex-end">
                <div>
                  <Text size="sm" fw={500} mb={4} id={`${draft.key}-kind`}>
                    Options
                  </Text>
                  <SegmentedControl
                    size="xs"
                    aria-labelledby={`${draft.key}-kind`}
                    value={draft.isCustom ? 'custom' : 'ingredients'}
                    onChange={(kind) => update(index, { isCustom: kind === 'custom' })}
                    data={[
                      { value: 'custom', label: 'Named options' },
                      { value: 'ingredients', label: 'From ingredients' },
                    ]}
                    disabled={disabled}
                  />
                </div>
                <div>
                  <Text size="sm" fw={500} mb={4} id={`${draft.key}-price`}>
                    Price
                  </Text>
                  <SegmentedControl
                    size="xs"
                    aria-labelledby={`${draft.key}-price`}
                    value={draft.isFixedPrice ? 'fixed' : 'percentage'}
                    onChange={(mode) => update(index, { isFixedPrice: mode === 'fixed' })}
                    data={[
                      { value: 'fixed', label: 'Fixed ($)' },
                      { value: 'percentage', label: 'Percentage (%)' },
                    ]}
                    disabled={disabled}
                  />
                </div>
                <Switch
                  label="Available"
                  checked={draft.isAvailable}
                  onChange={(event) => update(index, { isAvailable: event.currentTarget.checked })}
                  disabled={disabled}
                  mb={4}
                />
              </Group>

              <Stack gap={8} className={classes.options}>
                <div className={classes.optionHead} aria-hidden>
                  <Text size="xs" c="dimmed" className={classes.optionName}>
                    {draft.isCustom ? 'Option' : 'Ingredient'}
                  </Text>
                  <Text size="xs" c="dimmed" className={classes.headSide}>
                    {draft.isFixedPrice ? 'Extra price' : 'Extra percent'}
                  </Text>
                </div>
                {draft.options.map((option, optionIndex) => {
                  const field = draft.isCustom ? 'name' : 'ingredient';
                  const touchKey = `${option.key}:${field}`;
                  const price = option.price === '' ? 0 : option.price;
                  const lastOption = draft.options.length === 1;
                  return (
                    <div key={option.key} className={classes.option}>
                      {draft.isCustom ? (
                        <TextInput
                          className={classes.optionName}
                          aria-label={`Option ${optionIndex + 1} name`}
                          placeholder="Option name"
                          value={option.name}
                          onChange={(event) =>
                            updateOption(index, optionIndex, { name: event.currentTarget.value })
                          }
                          onBlur={() => touch(touchKey)}
                          error={errorAt(`${index}.options.${optionIndex}.name`, touchKey)}
                          disabled={disabled}
                        />
                      ) : (
                        <Select
                          className={classes.optionName}
                          aria-label={`Option ${optionIndex + 1} ingredient`}
                          placeholder="Choose an ingredient"
                          data={ingredients as { value: string; label: string }[]}
                          searchable
                          value={option.ingredient}
                          onChange={(ingredient) => {
                            touch(touchKey);
                            updateOption(index, optionIndex, { ingredient });
                          }}
                          onBlur={() => touch(touchKey)}
                          error={errorAt(`${index}.options.${optionIndex}.ingredient`, touchKey)}
                          nothingFoundMessage="No ingredient found"
                          // A restaurant may hold 20,000 ingredients: draw the first matches only.
                          limit={SEARCHED_OPTIONS}
                          disabled={disabled}
                          comboboxProps={{ withinPortal: true }}
                        />
                      )}
                      <Group gap="xs" wrap="nowrap" className={classes.optionSide}>
                        <NumberInput
                          className={classes.price}
                          aria-label={`Option ${optionIndex + 1} price`}
                          min={0}
                          max={draft.isFixedPrice ? 100000 : 1000}
                          decimalScale={2}
                          fixedDecimalScale={draft.isFixedPrice}
                          allowNegative={false}
                          prefix={draft.isFixedPrice ? '$' : undefined}
                          suffix={draft.isFixedPrice ? undefined : '%'}
                          value={option.price}
                          onChange={(next) =>
                            updateOption(index, optionIndex, {
                              price: next === '' ? '' : Number(next),
                            })
                          }
                          error={errorAt(`${index}.options.${optionIndex}.price`, `${option.key}:price`)}
                          disabled={disabled}
                          hideControls
                        />
                        {!draft.isFixedPrice && basePrice !== undefined && basePrice !== null && (
                          <Badge variant="light" color="gray" className={classes.preview}>
                            +{usd.format(optionPrice(basePrice, { price }, false))}
                          </Badge>
                        )}
                        <Switch
                          size="sm"
                          aria-label={`Option ${optionIndex + 1} available`}
                          checked={option.isAvailable}
                          onChange={(event) =>
                            updateOption(index, optionIndex, { isAvailable: event.currentTarget.checked })
                          }
                          disabled={disabled}
                        />
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={`Remove option ${optionIndex + 1}`}
                          disabled={disabled || lastOption}
                          onClick={() =>
                            update(index, { options: draft.options.filter((_, at) => at !== optionIndex) })
                          }
                        >
                          <IconX size={16} />
                        </ActionIcon>
                      </Group>
                    </div>
                  );
                })}
                <Group justify="space-between" gap="xs">
                  <Button
                    variant="subtle"
                    size="xs"
                    leftSection={<IconPlus size={14} />}
                    onClick={() => update(index, { options: [...draft.options, blankOption()] })}
                    disabled={disabled}
                  >
                    Add option
                  </Button>
                  <Text size="xs" c="dimmed">
                    {draft.isFixedPrice
                      ? 'Added to the dish price'
                      : basePrice
                        ? `Percent of the dish price (${usd.format(basePrice)})`
                        : 'Percent of the dish price'}
                  </Text>
                </Group>
              </Stack>
            </Stack>
          </Paper>
        );
      })}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        onClick={() => onChange([...value, blankCustomization()])}
        disabled={disabled}
        style={{ alignSelf: 'flex-start' }}
      >
        Add customization
      </Button>
    </Stack>
  );
}
