import {
  CALORIE_RULES,
  type CtaColor,
  type CtaType,
  calorieRuleLabels,
  ctaColors,
  ctaHref,
  ctaLabel,
  ctaTypeLabels,
  ctaTypes,
  englishLanguageName,
  LABELLING_REGIONS,
  LANGUAGE_TAGS,
  type Labelling,
  type LanguageTag,
  labellingRegionHelp,
  labellingRegionLabels,
  MENU_TRANSITION_MAX,
  mandatedSentences,
  nativeLanguageName,
  RESTAURANT_DESCRIPTION_MAX,
  type RestaurantType,
  restaurantTypeLabel,
  restaurantTypeLabels,
  restaurantTypes,
  richTextLength,
  socialMedia,
  socialMediaLabels,
  US_STATE_NOTICES,
  usStateNoticeLabels,
} from '@carte/domain';
import { contrastRatio, SocialIcon, textOn } from '@carte/menu-view';
import {
  Card,
  Group,
  Input,
  MultiSelect,
  NumberInput,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type ReactNode, useMemo } from 'react';
import { ImageInput } from '../../ui/image-input.tsx';
import { jumpTargetStyle } from '../../ui/jump-links.tsx';
import { RichTextEditor } from '../../ui/rich-text-editor.tsx';
import classes from './settings.module.css';
import type { SettingsFormValues } from './settings-form-values.ts';

type Form = UseFormReturnType<SettingsFormValues>;
type Triple = Record<CtaColor, string>;

export function Section({
  title,
  description,
  action,
  id,
  children,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  id?: string;
  children: ReactNode;
}) {
  return (
    <Card
      padding="lg"
      component="section"
      aria-labelledby={`${id ?? title}-title`}
      id={id}
      style={jumpTargetStyle}
    >
      <Group justify="space-between" align="flex-start" mb="md" gap="sm" wrap="nowrap">
        <div>
          <Text component="h2" id={`${id ?? title}-title`} className={classes.sectionTitle}>
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

const typeOptions = restaurantTypes.map((type) => ({ value: type, label: restaurantTypeLabels[type] }));

export function ProfileSection({
  form,
  disabled,
  progress,
}: {
  form: Form;
  disabled: boolean;
  progress: number | null;
}) {
  const values = form.getValues();
  const typeLabel = restaurantTypeLabel(values.restaurantType);
  const descriptionLength = richTextLength(values.description);
  const tooLong = descriptionLength > RESTAURANT_DESCRIPTION_MAX;
  return (
    <Section
      id="settings-profile"
      title="Business profile"
      description="Your name, logo and a few words, as guests see them."
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={`${typeLabel} name`}
            placeholder="e.g. Taco Wheels"
            withAsterisk
            maxLength={100}
            disabled={disabled}
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <Select
            label="Business type"
            data={typeOptions}
            allowDeselect={false}
            searchable
            nothingFoundMessage="No business type found"
            disabled={disabled}
            comboboxProps={{ withinPortal: true }}
            key={form.key('restaurantType')}
            {...form.getInputProps('restaurantType')}
            onChange={(value) => {
              if (value) form.setFieldValue('restaurantType', value as RestaurantType);
              // The name's message names the type (doc 2 §5): check it again in the new words.
              if (form.errors.name) form.validateField('name');
            }}
          />
        </SimpleGrid>
        <ImageInput
          label="Logo"
          description="Square works best. Shown on your public menu and your QR code cards."
          value={values.logo}
          onChange={(file) => {
            form.setFieldValue('logo', file);
            form.setFieldValue('logoMedia', null);
          }}
          onPickMedia={(item) => {
            form.setFieldValue('logo', item.imageVariants.card);
            form.setFieldValue('logoMedia', item._id);
          }}
          progress={progress}
          previewWidth={100}
          cropAspect={1}
          disabled={disabled}
          error={form.errors.logo}
        />
        <div>
          <RichTextEditor
            label="Description"
            description={`Max ${RESTAURANT_DESCRIPTION_MAX} characters. Shown under your name on the public menu.`}
            value={values.description}
            onChange={(html) => form.setFieldValue('description', html)}
            onBlur={() => form.validateField('description')}
            error={form.errors.description}
            disabled={disabled}
            minHeight={110}
          />
          <Text size="xs" c={tooLong ? 'red.8' : 'dimmed'} ta="right" mt={4} aria-live="polite">
            {descriptionLength}/{RESTAURANT_DESCRIPTION_MAX}
          </Text>
        </div>
      </Stack>
    </Section>
  );
}

/** Every IANA zone the browser knows, with the saved one kept even when it does not list it. */
function useTimeZones(current: string): string[] {
  return useMemo(() => {
    const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    return [...new Set([current, 'UTC', ...zones])].filter(Boolean).sort((a, b) => a.localeCompare(b));
  }, [current]);
}

export function MenuBehaviourSection({ form, disabled }: { form: Form; disabled: boolean }) {
  const values = form.getValues();
  const zones = useTimeZones(values.timeZone);
  const transition = Number(values.menu_period_transition);
  return (
    <Section
      id="settings-menu-behaviour"
      title="Menu behaviour"
      description="When menus switch on your public page, and how upsells are called."
    >
      <Stack gap="md">
        <Select
          label="Time zone"
          description="Every menu's hours are read on this clock."
          data={zones}
          searchable
          allowDeselect={false}
          limit={80}
          nothingFoundMessage="No time zone found"
          disabled={disabled}
          comboboxProps={{ withinPortal: true }}
          key={form.key('timeZone')}
          {...form.getInputProps('timeZone')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NumberInput
            label="Menu transition period"
            description={
              transition === 0
                ? 'Off: guests are not told that the next menu is coming.'
                : 'Minutes before a menu ends when guests are offered the next one. 0 turns it off.'
            }
            min={0}
            max={MENU_TRANSITION_MAX}
            step={5}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            suffix=" min"
            disabled={disabled}
            key={form.key('menu_period_transition')}
            {...form.getInputProps('menu_period_transition')}
          />
          <TextInput
            label="Upsell label"
            description="The heading of side dishes offered with a dish."
            placeholder="Side Dishes"
            maxLength={40}
            disabled={disabled}
            key={form.key('sideDishesLabel')}
            {...form.getInputProps('sideDishesLabel')}
          />
        </SimpleGrid>
      </Stack>
    </Section>
  );
}

const linkField: Record<CtaType, { label: string; placeholder: string; description: string }> = {
  link: {
    label: 'Link',
    placeholder: 'yourrestaurant.com/page',
    description: 'https:// is added when missing.',
  },
  website: {
    label: 'Website',
    placeholder: 'yourrestaurant.com',
    description: 'https:// is added when missing.',
  },
  order_online: {
    label: 'Ordering page',
    placeholder: 'order.yourrestaurant.com',
    description: 'https:// is added when missing.',
  },
  order_ahead: {
    label: 'Ordering page',
    placeholder: 'yourrestaurant.com/order-ahead',
    description: 'https:// is added when missing.',
  },
  take_me_there: {
    label: 'Address or maps link',
    placeholder: '12 Market St, Springfield',
    description: 'A street address opens in maps; a maps link opens as it is.',
  },
  call_to_order: {
    label: 'Phone number',
    placeholder: '+1 212 555 0100',
    description: 'Guests tap to call this number.',
  },
};

const colorLabels: Record<CtaColor, string> = {
  primary: 'Primary',
  secondary: 'Secondary',
  tertiary: 'Tertiary',
};

/**
 * The public menu's call-to-action button (doc 2 §2, §3). Its colour is one of the shown menu's
 * three; the preview draws it in the colours of `colors` (the owner's first menu).
 */
export function CtaSection({
  form,
  disabled,
  colors,
  colorsOf,
}: {
  form: Form;
  disabled: boolean;
  colors: Triple;
  /** Whose colours the preview uses. */
  colorsOf: string | null;
}) {
  const cta = form.getValues().cta;
  const field = linkField[cta.type];
  const background = colors[cta.color];
  const wanted = cta.lightText ? '#ffffff' : '#000000';
  // As the public page does (menu-view CtaButton): the owner's choice unless it would be unreadable.
  const readable = contrastRatio(wanted, background) >= 4.5;
  const text = readable ? wanted : textOn(background);
  const href = ctaHref(cta);
  return (
    <Section
      id="settings-call-to-action"
      title="Call to action"
      description="A button under the menu's name on your public page."
      action={
        <Switch
          label="Enabled"
          labelPosition="left"
          disabled={disabled}
          key={form.key('cta.enabled')}
          {...form.getInputProps('cta.enabled', { type: 'checkbox' })}
        />
      }
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="Button type"
            data={ctaTypes.map((type) => ({ value: type, label: ctaTypeLabels[type] }))}
            allowDeselect={false}
            disabled={disabled}
            comboboxProps={{ withinPortal: true }}
            key={form.key('cta.type')}
            {...form.getInputProps('cta.type')}
            onChange={(value) => {
              if (!value) return;
              form.setFieldValue('cta.type', value as CtaType);
              if (form.getValues().cta.link) form.validateField('cta.link');
            }}
          />
          <TextInput
            label="Label"
            placeholder={ctaTypeLabels[cta.type]}
            description="Leave empty to use the type's own words."
            maxLength={40}
            disabled={disabled}
            key={form.key('cta.label')}
            {...form.getInputProps('cta.label')}
          />
        </SimpleGrid>
        <TextInput
          label={field.label}
          placeholder={field.placeholder}
          description={field.description}
          withAsterisk={cta.enabled}
          type={cta.type === 'call_to_order' ? 'tel' : 'text'}
          inputMode={cta.type === 'call_to_order' ? 'tel' : 'url'}
          maxLength={2000}
          disabled={disabled}
          key={form.key('cta.link')}
          {...form.getInputProps('cta.link')}
        />
        <Radio.Group
          label="Colour"
          description={
            colorsOf
              ? `One of your menu's colours; shown here in ${colorsOf}'s.`
              : "One of your menu's colours."
          }
          key={form.key('cta.color')}
          {...form.getInputProps('cta.color')}
        >
          <Group gap="sm" mt={8}>
            {ctaColors.map((color) => (
              <Radio.Card key={color} value={color} className={classes.colorCard} disabled={disabled}>
                <Group gap={8} wrap="nowrap">
                  <Radio.Indicator size="xs" />
                  <span className={classes.swatch} style={{ background: colors[color] }} aria-hidden />
                  <Text size="sm">{colorLabels[color]}</Text>
                </Group>
              </Radio.Card>
            ))}
          </Group>
        </Radio.Group>
        <Group gap="xl" wrap="wrap">
          <Switch
            label="Light text"
            description="White text on the button (dark otherwise)"
            disabled={disabled}
            key={form.key('cta.lightText')}
            {...form.getInputProps('cta.lightText', { type: 'checkbox' })}
          />
          <Switch
            label="Open in a new tab"
            disabled={disabled || cta.type === 'call_to_order'}
            key={form.key('cta.newTab')}
            {...form.getInputProps('cta.newTab', { type: 'checkbox' })}
          />
        </Group>
        <div className={classes.ctaPreview}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" className={classes.previewLabel}>
            Preview
          </Text>
          <span className={classes.ctaButton} style={{ background, color: text }}>
            {ctaLabel(cta)}
          </span>
          {!readable && (
            <Text size="xs" c="dimmed" ta="center">
              {cta.lightText ? 'White' : 'Dark'} text would be hard to read on this colour, so guests see{' '}
              {cta.lightText ? 'dark' : 'white'} text.
            </Text>
          )}
          <Text size="xs" c="dimmed" ta="center" className={classes.ctaTarget}>
            {!cta.enabled
              ? 'The button is off: guests do not see it.'
              : href
                ? `Opens ${href.replace(/^tel:/, 'a call to ')}`
                : 'Add where the button leads to show it to guests.'}
          </Text>
        </div>
      </Stack>
    </Section>
  );
}

const socialPlaceholders: Record<(typeof socialMedia)[number], string> = {
  facebook: 'facebook.com/yourrestaurant',
  instagram: 'instagram.com/yourrestaurant',
  twitter: 'x.com/yourrestaurant',
  yelp: 'yelp.com/biz/yourrestaurant',
  website: 'yourrestaurant.com',
};

export function SocialSection({ form, disabled }: { form: Form; disabled: boolean }) {
  return (
    <Section
      id="settings-social"
      title="Social media"
      description="Icons at the foot of your public menu. https:// is added when missing."
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {socialMedia.map((media) => (
          <TextInput
            key={form.key(`social.${media}`)}
            label={socialMediaLabels[media]}
            placeholder={socialPlaceholders[media]}
            inputMode="url"
            maxLength={2000}
            disabled={disabled}
            leftSection={<SocialIcon media={media} size={16} />}
            {...form.getInputProps(`social.${media}`)}
          />
        ))}
      </SimpleGrid>
    </Section>
  );
}

const regionOptions = LABELLING_REGIONS.map((region) => ({
  value: region,
  label: labellingRegionLabels[region],
}));
const noticeOptions = US_STATE_NOTICES.map((notice) => ({
  value: notice,
  label: usStateNoticeLabels[notice],
}));

/** A sentence the public menu shows, quoted as it reads there. */
const Quote = ({ children }: { children: string }) => <q className={classes.quote}>{children}</q>;

/**
 * Labelling rules (issue 23 §4): the region, the calorie rule and a US state's allergen notice decide
 * what the check before publishing asks of every dish and which sentences the public menu shows;
 * "Don't publish an incomplete menu" turns the check's list into a refusal.
 */
export function LabellingSection({ form, disabled }: { form: Form; disabled: boolean }) {
  const labelling = form.getValues().labelling;
  const set = <K extends keyof Labelling>(key: K, value: Labelling[K]) =>
    form.setFieldValue(`labelling.${key}`, value as never);
  const calorieSentences = mandatedSentences({ ...labelling, usStateNotice: 'none' });
  const [noticeSentence] = mandatedSentences({ ...labelling, calories: 'none' });
  return (
    <Section
      id="labelling"
      title="Labelling"
      description="The food labelling rules you follow. Carte checks each menu against them before you publish it, and your public menu shows the sentences they require."
    >
      <Stack gap="lg">
        <Input.Wrapper label="Region" description={labellingRegionHelp[labelling.region]}>
          <SegmentedControl
            mt={6}
            fullWidth
            data={regionOptions}
            value={labelling.region}
            onChange={(value) => set('region', value as Labelling['region'])}
            disabled={disabled}
            aria-label="Region"
          />
        </Input.Wrapper>

        <Radio.Group
          label="Calorie labelling"
          description={
            calorieSentences.length > 0 ? (
              <>
                Your public menu shows{' '}
                {calorieSentences.map((sentence, index) => (
                  <span key={sentence}>
                    {index > 0 && ' and '}
                    <Quote>{sentence}</Quote>
                  </span>
                ))}
                .
              </>
            ) : (
              'Carte asks no calories and your public menu shows no calorie statement.'
            )
          }
          value={labelling.calories}
          onChange={(value) => set('calories', value as Labelling['calories'])}
        >
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" mt="xs">
            {CALORIE_RULES.map((rule) => (
              <Radio.Card key={rule} value={rule} className={classes.ruleCard} disabled={disabled}>
                <Group gap={8} wrap="nowrap" align="flex-start">
                  <Radio.Indicator size="xs" mt={3} />
                  <div>
                    <Text size="sm" fw={600}>
                      {calorieRuleLabels[rule].label}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {calorieRuleLabels[rule].detail}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>

        <Select
          label="US state allergen notice"
          description={
            noticeSentence ? (
              <>
                Your public menu shows <Quote>{noticeSentence}</Quote> Confirm the wording with your local
                authority.
              </>
            ) : (
              'Optional. Massachusetts, Rhode Island and Illinois ask restaurants to show an allergen notice.'
            )
          }
          data={noticeOptions}
          allowDeselect={false}
          disabled={disabled}
          comboboxProps={{ withinPortal: true }}
          value={labelling.usStateNotice}
          onChange={(value) => {
            if (value) set('usStateNotice', value as Labelling['usStateNotice']);
          }}
        />

        <Switch
          label="Don’t publish an incomplete menu"
          description={
            labelling.blockIncomplete
              ? 'On: Publish refuses a menu while the check lists something it lacks, in quick edit too.'
              : 'Off: before publishing you see what a menu lacks, and may publish anyway.'
          }
          checked={labelling.blockIncomplete}
          onChange={(event) => set('blockIncomplete', event.currentTarget.checked)}
          disabled={disabled}
        />
      </Stack>
    </Section>
  );
}

/** A language as the owner picks it: its own name, and the English one beside it when they differ. */
const languageOptions = LANGUAGE_TAGS.map((tag) => {
  const native = nativeLanguageName(tag);
  const english = englishLanguageName(tag);
  return { value: tag, label: native === english ? native : `${native} — ${english}` };
});

/** An option drawn with its own name in its own language (screen readers read it right). */
const renderLanguage = ({ option }: { option: { value: string; label: string } }) => {
  const native = nativeLanguageName(option.value);
  const english = englishLanguageName(option.value);
  return (
    <Group gap={6} wrap="nowrap">
      <span lang={option.value}>{native}</span>
      {native !== english && (
        <Text span size="xs" c="dimmed">
          {english}
        </Text>
      )}
    </Group>
  );
};

/**
 * The restaurant's languages (issue 24): the default one its texts are written in, the others guests
 * may read the menu in, and whether machine drafts show before the owner accepts them. Carte's own
 * screens stay in English.
 */
export function LanguagesSection({ form, disabled }: { form: Form; disabled: boolean }) {
  const { languages, showMachineTranslations } = form.getValues();
  const otherOptions = languageOptions.filter((option) => option.value !== languages.default);
  return (
    <Section
      id="languages"
      title="Languages"
      description="The language your menus are written in, and the others your guests may read them in. Carte itself stays in English."
    >
      <Stack gap="lg">
        <Select
          label="Default language"
          description="The language of your texts as you type them. Guests read it wherever a translation is missing."
          data={languageOptions}
          renderOption={renderLanguage}
          searchable
          allowDeselect={false}
          disabled={disabled}
          comboboxProps={{ withinPortal: true }}
          value={languages.default}
          onChange={(value) => {
            if (!value) return;
            const main = value as LanguageTag;
            form.setFieldValue('languages', {
              default: main,
              others: languages.others.filter((tag) => tag !== main),
            });
          }}
        />
        <MultiSelect
          label="Other languages"
          description="Up to 10. Taking a language out hides it from your guests and keeps its translations, should you add it back."
          placeholder={languages.others.length ? undefined : 'Add a language'}
          data={otherOptions}
          renderOption={renderLanguage}
          searchable
          maxValues={10}
          hidePickedOptions
          disabled={disabled}
          comboboxProps={{ withinPortal: true }}
          value={languages.others}
          onChange={(value) =>
            form.setFieldValue('languages', { default: languages.default, others: value as LanguageTag[] })
          }
        />
        <Switch
          label="Show machine translations on the public menu before I accept them"
          description={
            showMachineTranslations
              ? 'On: guests read a machine draft until you accept or change it.'
              : 'Off: guests read your default language until you accept a machine draft.'
          }
          checked={showMachineTranslations}
          onChange={(event) => form.setFieldValue('showMachineTranslations', event.currentTarget.checked)}
          disabled={disabled}
        />
      </Stack>
    </Section>
  );
}
