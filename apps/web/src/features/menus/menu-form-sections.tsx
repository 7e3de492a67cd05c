import { type Category, type MenuCatalog, messages } from '@carte/domain';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  ColorInput,
  Group,
  Input,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconLock, IconMail, IconPlus, IconRefresh, IconTrash, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ImageInput } from '../../ui/image-input.tsx';
import { linkFontPreviews, previewFontFamily } from './font-previews.ts';
import classes from './menu-form.module.css';
import type { MenuFormValues } from './menu-form-values.ts';
import { TemplateIllustration } from './template-illustration.tsx';
import { type Slot, slots, templateByName } from './templates.ts';

type Form = UseFormReturnType<MenuFormValues>;

const slotLabel: Record<Slot, string> = { primary: 'Primary', secondary: 'Secondary', tertiary: 'Tertiary' };

export function Section({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card padding="lg" component="section" aria-label={title}>
      <Group justify="space-between" align="flex-start" mb="md" gap="sm" wrap="wrap">
        <div>
          <Text component="h2" className={classes.sectionTitle}>
            {title}
          </Text>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        {action}
      </Group>
      {children}
    </Card>
  );
}

export function DetailsSection({ form, disabled }: { form: Form; disabled: boolean }) {
  return (
    <Section title="Details">
      <Stack gap="md">
        <TextInput
          label="Menu name"
          placeholder="e.g. Lunch, Dinner, Weekend brunch"
          withAsterisk
          maxLength={150}
          disabled={disabled}
          {...form.getInputProps('name')}
        />
        <Textarea
          label="Description"
          placeholder="A line or two your guests see under the menu name"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={2000}
          disabled={disabled}
          {...form.getInputProps('description')}
        />
      </Stack>
    </Section>
  );
}

export function CategoriesSection({
  form,
  disabled,
  categories,
  loading,
  onSelect,
}: {
  form: Form;
  disabled: boolean;
  categories: Category[];
  loading: boolean;
  onSelect: () => void;
}) {
  const byId = new Map(categories.map((category) => [category._id, category]));
  const items = form.values.categories;
  return (
    <Section
      title="Categories"
      description="The categories this menu shows, in this order. Reorder them on the dashboard."
      action={
        !disabled && (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={onSelect}
            loading={loading}
          >
            Select categories
          </Button>
        )
      }
    >
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No categories selected yet.
        </Text>
      ) : (
        <Stack gap={6}>
          {items.map((item, index) => {
            const category = byId.get(item.category);
            return (
              <Group key={item.category} gap="sm" wrap="nowrap" className={classes.categoryRow}>
                <Text size="sm" c="dimmed" w={20} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {index + 1}
                </Text>
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={500} truncate>
                      {category?.name ?? 'Category not available'}
                    </Text>
                    {category?.fromParent && (
                      <Tooltip label={messages.readOnlyFromParent} multiline w={220}>
                        <IconLock size={14} aria-label="From the parent restaurant" />
                      </Tooltip>
                    )}
                    {category && !category.isAvailable && (
                      <Badge size="xs" variant="light" color="gray">
                        Unavailable
                      </Badge>
                    )}
                  </Group>
                  {category && (
                    <Text size="xs" c="dimmed">
                      {category.dishes.length} {category.dishes.length === 1 ? 'dish' : 'dishes'}
                    </Text>
                  )}
                </Stack>
                <Switch
                  size="sm"
                  label="Shown"
                  disabled={disabled}
                  aria-label={`Show ${category?.name ?? 'category'} on this menu`}
                  {...form.getInputProps(`categories.${index}.valid`, { type: 'checkbox' })}
                />
                {!disabled && (
                  <Tooltip label="Remove from menu">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Remove ${category?.name ?? 'category'} from this menu`}
                      onClick={() => form.removeListItem('categories', index)}
                    >
                      <IconX size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            );
          })}
        </Stack>
      )}
    </Section>
  );
}

export function BrandingSection({
  form,
  disabled,
  progress,
  catalog,
}: {
  form: Form;
  disabled: boolean;
  progress: number | null;
  /** The templates and fonts, as the server lists them. */
  catalog: MenuCatalog;
}) {
  const template = templateByName(catalog, form.values.selectedTemplate);
  const coverUploading = progress !== null && form.values.cover instanceof File;
  const logoUploading = progress !== null && form.values.logo instanceof File;

  const applyTemplateDefaults = () => {
    for (const slot of slots) {
      form.setFieldValue(`colors.${slot}`, template.template_meta.colors[slot].default);
      form.setFieldValue(`fonts.${slot}`, template.template_meta.fonts[slot].default);
    }
  };

  return (
    <Section title="Branding" description="How the menu looks to your guests.">
      <Stack gap="xl">
        <Stack gap="lg">
          <ImageInput
            label="Cover"
            description="Wide picture at the top of the menu"
            value={form.values.cover}
            onChange={(file) => {
              form.setFieldValue('cover', file);
              form.setFieldValue('coverMedia', null);
            }}
            onPickMedia={(item) => {
              form.setFieldValue('cover', item.imageVariants.card);
              form.setFieldValue('coverMedia', item._id);
            }}
            progress={coverUploading ? progress : null}
            previewWidth={128}
            cropAspect={undefined}
            disabled={disabled}
            error={form.errors.cover}
          />
          <ImageInput
            label="Logo"
            description="Shown beside the menu name"
            value={form.values.logo}
            onChange={(file) => {
              form.setFieldValue('logo', file);
              form.setFieldValue('logoMedia', null);
            }}
            onPickMedia={(item) => {
              form.setFieldValue('logo', item.imageVariants.card);
              form.setFieldValue('logoMedia', item._id);
            }}
            progress={logoUploading ? progress : null}
            previewWidth={96}
            cropAspect={1}
            disabled={disabled}
            error={form.errors.logo}
          />
        </Stack>

        <Radio.Group
          label="Template"
          description="The layout of the public menu."
          value={form.values.selectedTemplate}
          onChange={(value) =>
            form.setFieldValue('selectedTemplate', value as MenuFormValues['selectedTemplate'])
          }
        >
          <SimpleGrid cols={3} spacing="sm" mt="xs">
            {catalog.templates.map((item) => (
              <Radio.Card
                key={item.name}
                value={item.name}
                className={classes.template}
                disabled={disabled}
                aria-label={`${item.label} template`}
              >
                <Stack gap={8}>
                  <span className={classes.templateArt}>
                    <TemplateIllustration template={item.name} colors={form.values.colors} />
                  </span>
                  <Group gap={8} wrap="nowrap" align="flex-start">
                    <Radio.Indicator size="xs" mt={3} />
                    <div>
                      <Text size="sm" fw={600}>
                        {item.label}
                      </Text>
                      <Text size="xs" c="dimmed" visibleFrom="sm">
                        {item.summary}
                      </Text>
                    </div>
                  </Group>
                </Stack>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>

        <div>
          <Group justify="space-between" mb="xs" gap="xs" wrap="wrap">
            <Input.Label component="div">Colours and fonts</Input.Label>
            {!disabled && (
              <Button
                variant="subtle"
                size="compact-xs"
                leftSection={<IconRefresh size={12} />}
                onClick={applyTemplateDefaults}
              >
                Use {template.label} defaults
              </Button>
            )}
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="md">
            {slots.map((slot) => (
              <Stack key={slot} gap="xs">
                <ColorInput
                  label={`${slotLabel[slot]} colour`}
                  description={template.template_meta.colors[slot].description}
                  format="hex"
                  disallowInput={false}
                  withEyeDropper={false}
                  swatches={[
                    template.template_meta.colors[slot].default,
                    '#ff1616',
                    '#83cdf1',
                    '#f46d26',
                    '#1f1f1f',
                  ]}
                  disabled={disabled || !template.template_meta.colors[slot].enabled}
                  {...form.getInputProps(`colors.${slot}`)}
                />
                <Select
                  label={`${slotLabel[slot]} font`}
                  description={template.template_meta.fonts[slot].description}
                  data={catalog.fonts}
                  searchable
                  allowDeselect={false}
                  nothingFoundMessage="No font found"
                  // Each family in its own face, from the public menu's self-hosted fonts.
                  onDropdownOpen={() => void linkFontPreviews()}
                  renderOption={({ option }) => (
                    <span style={{ fontFamily: previewFontFamily(option.value) }}>{option.label}</span>
                  )}
                  disabled={disabled || !template.template_meta.fonts[slot].enabled}
                  {...form.getInputProps(`fonts.${slot}`)}
                />
              </Stack>
            ))}
          </SimpleGrid>
        </div>
      </Stack>
    </Section>
  );
}

export function CtaSection({ form, disabled }: { form: Form; disabled: boolean }) {
  const emails = form.values.showCTA.emails;
  const emailsError = form.errors['showCTA.emails'];
  return (
    <Section
      title="Call to action"
      description="A block at the end of the menu; guests' messages go to these emails."
    >
      <Stack gap="md">
        <TextInput
          label="Title"
          maxLength={100}
          disabled={disabled}
          {...form.getInputProps('showCTA.title')}
        />
        <Textarea
          label="Content"
          autosize
          minRows={2}
          maxLength={500}
          disabled={disabled}
          {...form.getInputProps('showCTA.content')}
        />
        <Input.Wrapper
          label="Emails"
          description="Each address once; at least one stays."
          error={emailsError}
          withAsterisk
        >
          <Stack gap="xs" mt={6}>
            {emails.map((_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no id
              <Group key={index} gap="xs" wrap="nowrap">
                <TextInput
                  type="email"
                  leftSection={<IconMail size={14} />}
                  placeholder="name@example.com"
                  aria-label={`Email ${index + 1}`}
                  style={{ flex: 1 }}
                  disabled={disabled}
                  error={Boolean(emailsError)}
                  {...form.getInputProps(`showCTA.emails.${index}`)}
                  onChange={(event) => {
                    form.setFieldValue(`showCTA.emails.${index}`, event.currentTarget.value);
                    form.clearFieldError('showCTA.emails');
                  }}
                />
                {!disabled && (
                  <Tooltip label={emails.length === 1 ? 'At least one email stays' : 'Remove email'}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="lg"
                      aria-label={`Remove email ${index + 1}`}
                      disabled={emails.length === 1}
                      onClick={() => {
                        form.removeListItem('showCTA.emails', index);
                        form.clearFieldError('showCTA.emails');
                      }}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            ))}
            {!disabled && (
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() => form.insertListItem('showCTA.emails', '')}
                w="fit-content"
              >
                Add email
              </Button>
            )}
          </Stack>
        </Input.Wrapper>
      </Stack>
    </Section>
  );
}

export function DisplaySection({
  form,
  disabled,
  sideDishesLabel,
}: {
  form: Form;
  disabled: boolean;
  /** The restaurant's name for upsell dishes (doc 1 §3, default "Side Dishes"). */
  sideDishesLabel?: string;
}) {
  return (
    <Section title="Display" description="What guests see on each dish.">
      <Stack gap="md">
        <Switch
          label="Ingredients"
          description="List each dish's ingredients."
          disabled={disabled}
          {...form.getInputProps('displayIngredients', { type: 'checkbox' })}
        />
        <Switch
          label="Dietary considerations"
          description="Show diets and allergens, and let guests filter by them."
          disabled={disabled}
          {...form.getInputProps('displayDietary', { type: 'checkbox' })}
        />
        <Switch
          label={sideDishesLabel || 'Side Dishes'}
          description="Suggest the upsell dishes chosen for each dish."
          disabled={disabled}
          {...form.getInputProps('displaySideDishes', { type: 'checkbox' })}
        />
      </Stack>
    </Section>
  );
}
