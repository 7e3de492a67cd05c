import {
  defaultMenuColors,
  messages,
  type Restaurant,
  restaurantTypeDisplay,
  restaurantUpdateSchema,
} from '@carte/domain';
import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Divider,
  EmptyState,
  Grid,
  Group,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconBuildingStore, IconExternalLink } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMenus } from '../../api/menus.api.ts';
import { useRestaurant, useUpdateRestaurant } from '../../api/restaurants.api.ts';
import { useCurrentUser } from '../../api/session.ts';
import { usePublicConfig } from '../../api/use-public-config.ts';
import { schemaValidate, validateChangedOnBlur } from '../../ui/form/schema-validate.ts';
import { applyServerError, hasErrors } from '../../ui/form/server-error.ts';
import { JumpLinks } from '../../ui/jump-links.tsx';
import { errorMessage, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { UnsavedChangesBanner, useUnsavedChangesGuard } from '../../ui/unsaved-changes.tsx';
import { QrSection } from '../sharing/index.ts';
import { TransferOwnershipSection } from '../transfer/index.ts';
import classes from './settings.module.css';
import {
  type SettingsFormValues,
  settingsErrorFields,
  settingsFormValues,
  settingsPayload,
} from './settings-form-values.ts';
import {
  CtaSection,
  LabellingSection,
  LanguagesSection,
  MenuBehaviourSection,
  ProfileSection,
  SocialSection,
} from './settings-sections.tsx';

/**
 * /settings (doc 2 §2): the restaurant's profile. Needs the restaurant permission (doc 2 §6; the
 * route guard shows "Permission denied" otherwise).
 */
export function SettingsPage() {
  const restaurant = useRestaurant();
  return (
    <Stack gap="lg">
      <PageHeader
        title="Settings"
        description="Your restaurant's profile: what guests see on your public menu and QR code."
      />
      {restaurant.isPending ? (
        <SettingsSkeleton />
      ) : restaurant.data ? (
        <>
          <SettingsForm saved={restaurant.data} />
          <TransferOwnershipSection restaurantName={restaurant.data.name} />
        </>
      ) : restaurant.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {errorMessage(restaurant.error)}
        </Alert>
      ) : (
        <Center mih="40vh">
          <EmptyState
            icon={<IconBuildingStore size={26} stroke={1.6} />}
            withIndicatorBackground
            title="No restaurant"
            description="This account has no restaurant to set up."
          />
        </Center>
      )}
    </Stack>
  );
}

function SettingsForm({ saved }: { saved: Restaurant }) {
  const navigate = useNavigate();
  const { hash } = useLocation();
  const user = useCurrentUser();
  const save = useUpdateRestaurant();
  const config = usePublicConfig();
  const menus = useMenus();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [baseline, setBaseline] = useState(() => settingsFormValues(saved));

  const form = useForm<SettingsFormValues>({
    initialValues: baseline,
    validate: schemaValidate<SettingsFormValues>(restaurantUpdateSchema, {
      toPayload: (values) => settingsPayload(values, saved),
      fields: settingsErrorFields,
    }),
    ...validateChangedOnBlur,
  });
  // A link to a section (/settings#labelling, from the publish dialog) lands on it once the form is drawn.
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [hash]);
  const dirty = form.isDirty();
  const guard = useUnsavedChangesGuard(dirty && !save.isPending);
  const values = form.getValues();
  const submitting = save.isPending;

  // The button's preview uses the colours of the owner's first own menu, else a new menu's.
  const ownMenu = (menus.data ?? []).find((menu) => !menu.fromParent);
  const colors = ownMenu?.colors ?? defaultMenuColors;
  const publicUrl = config.data ? `${config.data.publicUrl.replace(/\/$/, '')}/menu/${saved._id}` : null;
  const logoPreview = values.logo instanceof File ? null : values.logo;
  const fileUrl = useMemo(
    () => (values.logo instanceof File ? URL.createObjectURL(values.logo) : null),
    [values.logo],
  );

  const handleSubmit = async (submitted: SettingsFormValues) => {
    setFailure(null);
    const logo = submitted.logo instanceof File ? submitted.logo : null;
    if (logo) setProgress(0);
    try {
      const answer = await save.mutateAsync({
        input: settingsPayload(submitted, saved),
        logo,
        onUploadProgress: logo ? (p) => setProgress(p.percent) : undefined,
      });
      const next = settingsFormValues(answer);
      setBaseline(next);
      form.setInitialValues(next);
      form.setValues(next);
      form.resetDirty(next);
      notifySuccess(messages.restaurantUpdated);
      // "success redirects to /settings" (doc 2 §4), at the top of the page.
      guard.allowNextNavigation();
      void navigate('/settings', { replace: true });
      window.scrollTo({ top: 0, behavior: 'smooth' });
    } catch (error) {
      // A message about one field goes under it; anything else in the alert above the form (doc 2 §8).
      const rest = applyServerError(form, error, [
        ['name cannot be empty', 'name'],
        ['Name is too long', 'name'],
        ['Description', 'description'],
        ['transition', 'menu_period_transition'],
        ['Time zone', 'timeZone'],
        ['Upsell label', 'sideDishesLabel'],
        ['Label must', 'cta.label'],
        ['valid link', 'cta.link'],
        ['Phone number', 'cta.link'],
        ['This field is required', 'cta.link'],
        ['File', 'logo'],
      ]);
      if (rest) setFailure(rest);
      window.scrollTo({ top: 0, behavior: 'smooth' });
    } finally {
      setProgress(null);
    }
  };

  const status = dirty ? 'You have changes to save.' : 'Everything is saved.';
  const updateButton = (
    <Button type="submit" loading={submitting} disabled={hasErrors(form) || !dirty} fullWidth>
      Update
    </Button>
  );

  return (
    <form noValidate onSubmit={form.onSubmit(handleSubmit)}>
      <Stack gap="lg">
        <UnsavedChangesBanner dirty={dirty} />
        <JumpLinks
          label="Settings sections"
          links={[
            { id: 'settings-profile', label: 'Profile' },
            { id: 'settings-menu-behaviour', label: 'Menu behaviour' },
            { id: 'settings-call-to-action', label: 'Call to action' },
            // Listed from the first frame (the section follows once the public address is known), so
            // the links do not wrap anew and push the page down on a phone.
            { id: 'qr-code', label: 'QR code' },
            { id: 'settings-social', label: 'Social media' },
            { id: 'labelling', label: 'Labelling' },
            { id: 'languages', label: 'Languages' },
            ...(user.role === 'RESTAURANT' ? [{ id: 'settings-ownership', label: 'Ownership' }] : []),
          ]}
        />
        {failure && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            title="Update failed"
            withCloseButton
            onClose={() => setFailure(null)}
          >
            {failure}
          </Alert>
        )}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
            <Stack gap="lg">
              <ProfileSection form={form} disabled={submitting} progress={progress} />
              <MenuBehaviourSection form={form} disabled={submitting} />
              <CtaSection
                form={form}
                disabled={submitting}
                colors={colors}
                colorsOf={ownMenu?.name ?? null}
              />
              {publicUrl && (
                <QrSection
                  value={{
                    qrSettings: values.qrSettings,
                    selectedQrTemplate: values.selectedQrTemplate,
                    templateMeta: values.templateMeta,
                  }}
                  onChange={(next) => {
                    form.setFieldValue('qrSettings', next.qrSettings);
                    form.setFieldValue('selectedQrTemplate', next.selectedQrTemplate);
                    form.setFieldValue(
                      'templateMeta',
                      next.templateMeta as SettingsFormValues['templateMeta'],
                    );
                  }}
                  menuUrl={publicUrl}
                  logoUrl={fileUrl ?? logoPreview}
                  disabled={submitting}
                  dirty={dirty}
                />
              )}
              <SocialSection form={form} disabled={submitting} />
              <LabellingSection form={form} disabled={submitting} />
              <LanguagesSection form={form} disabled={submitting} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
            <Card padding="lg" className={classes.side}>
              <Stack gap="md">
                <Group gap="md" wrap="nowrap">
                  <Avatar
                    src={fileUrl ?? logoPreview}
                    alt=""
                    size={100}
                    radius="md"
                    className={classes.logo}
                    imageProps={{ style: { objectFit: 'contain' } }}
                  >
                    {nameInitials(values.name || saved.name)}
                  </Avatar>
                  <Stack gap={6} miw={0}>
                    <Text fw={700} size="lg" lh={1.25} className={classes.name}>
                      {values.name || saved.name}
                    </Text>
                    <Badge variant="light" color="gray" className={classes.type}>
                      {restaurantTypeDisplay(values.restaurantType)}
                    </Badge>
                  </Stack>
                </Group>
                {publicUrl && (
                  <Anchor
                    href={publicUrl}
                    target="_blank"
                    rel="noopener"
                    size="sm"
                    className={classes.publicLink}
                  >
                    <Group gap={6} wrap="nowrap">
                      <IconExternalLink size={16} aria-hidden />
                      <span>View your public menu</span>
                    </Group>
                  </Anchor>
                )}
                <Box visibleFrom="md">
                  <Divider mb="md" />
                  <Text size="sm" c="dimmed" mb="md">
                    {status}
                  </Text>
                  {updateButton}
                </Box>
              </Stack>
            </Card>
          </Grid.Col>
        </Grid>
        {/* On a phone the button stays at hand at the foot of the screen. */}
        <Box hiddenFrom="md" className={classes.actionBar}>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm" c="dimmed">
              {status}
            </Text>
            {updateButton}
          </Group>
        </Box>
      </Stack>
    </form>
  );
}

/** "TW" for Taco Wheels: shown in place of a logo. */
const nameInitials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0] ?? '')
    .join('')
    .toUpperCase();

function SettingsSkeleton() {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="lg">
          {[220, 160, 260].map((height) => (
            <Card key={height}>
              <Stack gap="md">
                <Skeleton height={22} width={180} />
                <Skeleton height={height} />
              </Stack>
            </Card>
          ))}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Card>
          <Group gap="md">
            <Skeleton height={100} width={100} radius="md" />
            <Stack gap={8} style={{ flex: 1 }}>
              <Skeleton height={18} />
              <Skeleton height={14} width="50%" />
            </Stack>
          </Group>
          <Skeleton height={36} mt="lg" />
        </Card>
      </Grid.Col>
    </Grid>
  );
}
