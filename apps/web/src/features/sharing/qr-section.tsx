import {
  fieldErrors,
  QR_MAX_BACKGROUND_ALPHA,
  type QrDesign,
  type QrFieldKey,
  type QrTemplateSlug,
  qrCardValues,
  qrSettingsSchema,
  qrTemplateMetaSchema,
  qrTemplateOf,
  qrTemplates,
} from '@carte/domain';
import {
  Alert,
  Card,
  ColorInput,
  Divider,
  Grid,
  Group,
  Input,
  Radio,
  SimpleGrid,
  Slider,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { jumpTargetStyle } from '../../ui/jump-links.tsx';
import { QrCardPreview } from './qr-card-preview.tsx';
import { QrDownloadMenu } from './qr-download-menu.tsx';
import classes from './sharing.module.css';

export type QrSectionValue = QrDesign;

/**
 * The problems of a design, keyed like the form's paths (`qrSettings.colorDark`,
 * `templateMeta.template_1.title`), with the messages the server answers; empty when it can be saved.
 */
export function qrSectionErrors(value: QrSectionValue): Record<string, string> {
  const errors: Record<string, string> = {};
  const settings = qrSettingsSchema.safeParse(value.qrSettings);
  if (!settings.success)
    for (const [path, message] of Object.entries(fieldErrors(settings.error)))
      errors[`qrSettings.${path}`] = message;
  const meta = qrTemplateMetaSchema.safeParse(value.templateMeta);
  if (!meta.success)
    for (const [path, message] of Object.entries(fieldErrors(meta.error)))
      errors[`templateMeta.${path}`] = message;
  return errors;
}

export interface QrSectionProps {
  /** `qrSettings`, `selectedQrTemplate` and `templateMeta` of the restaurant form (doc 2 §3). */
  value: QrSectionValue;
  onChange: (value: QrSectionValue) => void;
  /** The address the code opens (the public menu). */
  menuUrl: string;
  /** The restaurant's logo: printed on cards whose template has a logo, and behind the code. */
  logoUrl: string | null;
  /** The form's own errors by path; the section's checks are shown otherwise. */
  errors?: Record<string, string | undefined>;
  disabled?: boolean;
  /** The form has unsaved changes: downloads print the saved design, so the section says so. */
  dirty?: boolean;
  /** Shown under the downloads, e.g. a save button of a form that has none elsewhere. */
  footer?: ReactNode;
}

/**
 * The QR code section of the settings form (doc 2 §2 Settings screen, §3 QR templates, §4): the
 * card template (first by default), the code's colours and background image alpha, each template's
 * own texts, a live preview of the card and the downloads.
 */
export function QrSection({
  value,
  onChange,
  menuUrl,
  logoUrl,
  errors,
  disabled,
  dirty,
  footer,
}: QrSectionProps) {
  const slug = value.selectedQrTemplate;
  const template = qrTemplateOf(slug);
  const shown = errors ?? qrSectionErrors(value);
  const values = qrCardValues(slug, value.templateMeta);

  const setSettings = (patch: Partial<QrSectionValue['qrSettings']>) =>
    onChange({ ...value, qrSettings: { ...value.qrSettings, ...patch } });
  const setField = (key: QrFieldKey, fieldValue: string) =>
    onChange({
      ...value,
      templateMeta: {
        ...value.templateMeta,
        [slug]: { ...values, ...value.templateMeta[slug], [key]: fieldValue },
      },
    });

  const textFields = template.fields.filter((field) => field.type === 'text');
  const logoField = template.fields.find((field) => field.type === 'file');

  return (
    <Card id="qr-code" padding="lg" style={jumpTargetStyle}>
      <Stack gap="lg">
        <div>
          <Title order={3}>QR code</Title>
          <Text size="sm" c="gray.7" mt={4}>
            Guests scan it to open your menu. Choose a table card, your colours and texts: the preview is what
            prints.
          </Text>
        </div>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
            <Stack gap="lg">
              <Radio.Group
                label="Card template"
                value={slug}
                onChange={(next) => onChange({ ...value, selectedQrTemplate: next as QrTemplateSlug })}
              >
                <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" mt={8}>
                  {qrTemplates.map((option) => (
                    <Radio.Card
                      key={option.slug}
                      value={option.slug}
                      className={classes.templateCard}
                      disabled={disabled}
                      aria-label={`${option.name}: ${option.description}`}
                    >
                      <QrCardPreview
                        url={menuUrl}
                        settings={value.qrSettings}
                        template={option.slug}
                        values={qrCardValues(option.slug, value.templateMeta)}
                        logoUrl={logoUrl}
                        width={72}
                        decorative
                      />
                      <Group gap={6} wrap="nowrap">
                        <Radio.Indicator size="xs" />
                        <Text size="sm" fw={600}>
                          {option.name}
                        </Text>
                      </Group>
                    </Radio.Card>
                  ))}
                </SimpleGrid>
              </Radio.Group>

              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                <ColorInput
                  label="Code colour"
                  format="hex"
                  withEyeDropper={false}
                  swatches={['#000000', '#1f2937', '#1e3a8a', '#14532d', '#7c2d12', '#9c0c0c']}
                  value={value.qrSettings.colorDark}
                  onChange={(color) => setSettings({ colorDark: color })}
                  error={shown['qrSettings.colorDark']}
                  disabled={disabled}
                />
                <ColorInput
                  label="Background colour"
                  format="hex"
                  withEyeDropper={false}
                  swatches={['#ffffff', '#fff7ed', '#fef3c7', '#ecfdf5', '#eff6ff', '#f5f5f4']}
                  value={value.qrSettings.colorLight}
                  onChange={(color) => setSettings({ colorLight: color })}
                  error={shown['qrSettings.colorLight']}
                  disabled={disabled}
                />
              </SimpleGrid>

              <Input.Wrapper
                label="Logo behind the code"
                classNames={{ description: classes.hint }}
                description={
                  logoUrl
                    ? 'How strongly your logo shows through the code (up to 50%, so it still scans).'
                    : 'Add a logo to your profile to show it behind the code.'
                }
                error={shown['qrSettings.backgroundImageAlpha']}
              >
                <Slider
                  mt="xs"
                  mb="md"
                  mx="md"
                  min={0}
                  max={QR_MAX_BACKGROUND_ALPHA}
                  step={0.05}
                  value={value.qrSettings.backgroundImageAlpha}
                  onChange={(alpha) => setSettings({ backgroundImageAlpha: alpha })}
                  label={(alpha) => `${Math.round(alpha * 100)}%`}
                  marks={[
                    { value: 0, label: 'None' },
                    { value: 0.25, label: '25%' },
                    { value: 0.5, label: '50%' },
                  ]}
                  thumbLabel="Logo behind the code"
                  disabled={disabled || !logoUrl}
                />
              </Input.Wrapper>

              <Divider
                label={`Card text · ${template.name}`}
                labelPosition="left"
                classNames={{ label: classes.hint }}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {textFields.map((field) => {
                  const path = `templateMeta.${slug}.${field.key}`;
                  const current = values[field.key] ?? '';
                  return (
                    <TextInput
                      key={`${slug}-${field.key}`}
                      label={field.label}
                      placeholder={field.placeholder}
                      value={current}
                      maxLength={field.maxLength}
                      description={`${current.length}/${field.maxLength}`}
                      classNames={{ description: classes.hint }}
                      inputWrapperOrder={['label', 'input', 'description', 'error']}
                      onChange={(event) => setField(field.key, event.currentTarget.value)}
                      error={shown[path]}
                      disabled={disabled}
                      autoComplete="off"
                    />
                  );
                })}
              </SimpleGrid>
              {logoField && (
                <Switch
                  label="Print the logo on the card"
                  description={
                    <Text span size="xs" c="gray.7">
                      {logoUrl
                        ? 'The logo of your profile, at the top of the card.'
                        : 'Your profile has no logo yet.'}
                    </Text>
                  }
                  checked={values.logo !== 'none'}
                  onChange={(event) => setField('logo', event.currentTarget.checked ? 'restaurant' : 'none')}
                  disabled={disabled || !logoUrl}
                />
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
            <div className={classes.previewPane}>
              <QrCardPreview
                url={menuUrl}
                settings={value.qrSettings}
                template={slug}
                values={values}
                logoUrl={logoUrl}
                width={260}
              />
              <Text size="xs" c="gray.7" ta="center">
                {template.name} · 95 × 130 mm, 4 per A4 or Letter sheet
              </Text>
              <QrDownloadMenu fullWidth />
              {dirty && (
                <Alert variant="light" color="blue" icon={<IconInfoCircle size={16} />} p="xs" w="100%">
                  <Text size="xs">Downloads use the saved design. Save to print your changes.</Text>
                </Alert>
              )}
              {footer}
            </div>
          </Grid.Col>
        </Grid>
      </Stack>
    </Card>
  );
}
