import { type Menu, type MenuCatalog, menuInputSchema, messages } from '@carte/domain';
import { Alert, Badge, Button, Card, Divider, Grid, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCopy, IconLock } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { useCategories } from '../../api/categories.api.ts';
import {
  incompleteMenuProblems,
  type MenuFiles,
  useCreateMenu,
  useDeleteMenu,
  useUpdateMenu,
} from '../../api/menus.api.ts';
import { useRestaurant } from '../../api/restaurants.api.ts';
import { selectedMenuStore } from '../../api/selected-menu.ts';
import { useCurrentUser } from '../../api/session.ts';
import { confirmDelete } from '../../ui/confirm.tsx';
import { schemaValidate } from '../../ui/form/schema-validate.ts';
import { hasErrors } from '../../ui/form/server-error.ts';
import { errorMessage, notifyFailure, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { UnsavedChangesBanner, useUnsavedChangesGuard } from '../../ui/unsaved-changes.tsx';
import { useCan } from '../../ui/use-can.ts';
import { AllergenMatrixLink } from '../allergen-matrix/index.ts';
import { PreviewToggle, useMenuPreviewDraft } from '../dashboard/index.ts';
import { CategorySelectModal } from './category-select-modal.tsx';
import classes from './menu-form.module.css';
import {
  BrandingSection,
  CategoriesSection,
  CtaSection,
  DetailsSection,
  DisplaySection,
} from './menu-form-sections.tsx';
import { type MenuFormValues, menuFormValues, menuPayload } from './menu-form-values.ts';
import { checkBeforePublishing, openPublishCheck } from './publish-check.tsx';
import { openSubscribeRequired } from './subscribe-required.tsx';
import { useCloneMenuAction } from './use-clone-menu-action.ts';

type Action = 'save' | 'publish' | 'update' | 'unpublish' | 'delete';

/**
 * The menu form (doc 1 §2, §4): a new menu is saved as a draft or published; a draft can be
 * published, updated or deleted; a published menu unpublished, updated or deleted. A menu of the
 * parent restaurant is read-only (form disabled, actions hidden) and can be cloned.
 */
export function MenuForm({ menu, catalog }: { menu: Menu | null; catalog: MenuCatalog }) {
  const user = useCurrentUser();
  const can = useCan();
  const navigate = useNavigate();
  const categories = useCategories();
  const restaurant = useRestaurant();
  const create = useCreateMenu();
  const update = useUpdateMenu();
  const remove = useDeleteMenu();
  const { clone, cloningId } = useCloneMenuAction({ openCopy: true });
  const [running, setRunning] = useState<Action | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [selecting, setSelecting] = useState(false);
  const readOnly = menu?.fromParent === true;
  const disabled = readOnly || running !== null;

  const initialValues = useMemo(() => menuFormValues(menu, user.email), [menu, user.email]);
  const form = useForm<MenuFormValues>({
    initialValues,
    validate: schemaValidate<MenuFormValues>(menuInputSchema, {
      toPayload: (values) => menuPayload(values, menu, catalog),
    }),
  });
  const dirty = !readOnly && form.isDirty();
  const guard = useUnsavedChangesGuard(dirty && running === null);
  // The owner's preview panel draws the form's unsaved values (doc 1 §2).
  useMenuPreviewDraft({
    menuId: menu?._id ?? null,
    input: menuPayload(form.values, menu, catalog),
    cover: form.values.cover,
    logo: form.values.logo,
  });

  const filesOf = (values: MenuFormValues): MenuFiles => ({
    cover: values.cover instanceof File ? values.cover : null,
    logo: values.logo instanceof File ? values.logo : null,
  });

  /**
   * Before leaving for a checkout from "Subscribe required" (issue 22): what the form holds is saved
   * as a draft (a new menu is created), so the checkout can come back to it and publish it.
   */
  const keepMenu = async (): Promise<string> => {
    const values = form.getValues();
    const payload = menuPayload(values, menu, catalog);
    const files = filesOf(values);
    if (!menu) {
      const created = await create.mutateAsync({ input: { ...payload, draft: true }, files });
      selectedMenuStore.set(created._id);
      form.resetDirty();
      return created._id;
    }
    if (form.isDirty()) afterSave(await update.mutateAsync({ id: menu._id, input: payload, files }));
    return menu._id;
  };

  /** Leaves the form for another screen of the app (the subscription, the labelling settings). */
  const leave = (path: string) => {
    if (!form.isDirty()) guard.allowNextNavigation();
    void navigate(path);
  };

  const showError = (error: unknown, keep: () => Promise<string> = keepMenu) => {
    if (isApiError(error) && error.status === 402) {
      openSubscribeRequired(user, leave, { keepMenu: keep });
      return;
    }
    // The settings forbid publishing an incomplete menu (issue 23 §5): the refusal lists why.
    const problems = incompleteMenuProblems(error);
    if (problems) {
      void openPublishCheck([{ menuName: form.getValues().name, problems }], {
        blocked: true,
        navigate: leave,
      });
      return;
    }
    // Menu save failures show under the menu name, unless permission was denied (doc 1 §8).
    if (isApiError(error) && error.notified) return;
    form.setFieldError('name', errorMessage(error));
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  /**
   * Publishing a saved menu: the check before publishing first (issue 23 §5), which asks only when
   * the menu lacks something. Answers the published menu, or null when the owner stopped.
   */
  const publishSaved = async (saved: Menu): Promise<Menu | null> => {
    if (!(await checkBeforePublishing([{ id: saved._id, name: saved.name }], leave))) return null;
    return update.mutateAsync({ id: saved._id, input: { draft: false } });
  };

  const afterSave = (saved: Menu) => {
    const next = menuFormValues(saved, user.email);
    form.setInitialValues(next);
    form.setValues(next);
    form.resetDirty(next);
  };

  const run = async (action: Exclude<Action, 'delete'>) => {
    const validation = form.validate();
    if (validation.hasErrors) {
      window.scrollTo({ top: 0, behavior: 'smooth' });
      return;
    }
    const values = form.getValues();
    const payload = menuPayload(values, menu, catalog);
    const files = filesOf(values);
    const onUploadProgress =
      files.cover || files.logo ? (p: { percent: number }) => setProgress(p.percent) : undefined;
    if (onUploadProgress) setProgress(0);
    setRunning(action);
    try {
      if (!menu) {
        // Published at once: saved as a draft first, so the check reads the menu as it will be.
        const created = await create.mutateAsync({
          input: { ...payload, draft: true },
          files,
          onUploadProgress,
        });
        form.resetDirty();
        selectedMenuStore.set(created._id);
        let published = false;
        if (action === 'publish') {
          try {
            published = (await publishSaved(created)) !== null;
          } catch (error) {
            showError(error, async () => created._id);
          }
        }
        notifySuccess(published ? messages.menuPublished : messages.menuCreated);
        guard.allowNextNavigation();
        void navigate(`/create-menu?id=${created._id}`, { replace: true });
        return;
      }
      if (action === 'publish') {
        // What the form holds is saved first, so the check reads the menu as it will be published.
        let current = menu;
        if (form.isDirty()) {
          current = await update.mutateAsync({ id: menu._id, input: payload, files, onUploadProgress });
          afterSave(current);
        }
        const published = await publishSaved(current);
        if (published) afterSave(published);
        if (published || current !== menu)
          notifySuccess(published ? messages.menuPublished : messages.menuSaved);
        return;
      }
      const draft = action === 'unpublish' ? true : undefined;
      const saved = await update.mutateAsync({
        id: menu._id,
        input: { ...payload, ...(draft === undefined ? {} : { draft }) },
        files,
        onUploadProgress,
      });
      afterSave(saved);
      notifySuccess(
        action === 'unpublish'
          ? messages.menuUnpublished
          : saved.draft
            ? messages.menuSaved
            : messages.menuUpdated,
      );
    } catch (error) {
      showError(error);
    } finally {
      setRunning(null);
      setProgress(null);
    }
  };

  const handleDelete = async () => {
    if (!menu) return;
    if (!(await confirmDelete(`"${menu.name}"`, 'The menu is deleted; its categories and dishes stay.')))
      return;
    setRunning('delete');
    try {
      await remove.mutateAsync(menu._id);
      notifySuccess(messages.menuDeleted);
      guard.allowNextNavigation();
      void navigate('/', { replace: true });
    } catch (error) {
      notifyFailure(error);
      setRunning(null);
    }
  };

  const status = !menu
    ? { label: 'New', color: 'gray', text: 'Save it as a draft, or publish it at once.' }
    : readOnly
      ? { label: 'From parent', color: 'gray', text: messages.menuFromParentWarning }
      : menu.draft
        ? { label: 'Draft', color: 'yellow', text: 'Guests do not see this menu until you publish it.' }
        : { label: 'Published', color: 'teal', text: 'Guests see this menu at its scheduled hours.' };
  const blocked = hasErrors(form) || running !== null;

  const actions = readOnly ? (
    can('menu') && (
      <Button
        variant="light"
        leftSection={<IconCopy size={16} />}
        onClick={() => menu && clone(menu)}
        loading={menu !== null && cloningId === menu._id}
      >
        Clone to edit
      </Button>
    )
  ) : !menu ? (
    <>
      <Button onClick={() => run('publish')} loading={running === 'publish'} disabled={blocked}>
        Publish
      </Button>
      <Button variant="default" onClick={() => run('save')} loading={running === 'save'} disabled={blocked}>
        Save
      </Button>
    </>
  ) : (
    <>
      {menu.draft && (
        <Button onClick={() => run('publish')} loading={running === 'publish'} disabled={blocked}>
          Publish
        </Button>
      )}
      <Button
        variant={menu.draft ? 'default' : 'filled'}
        onClick={() => run('update')}
        loading={running === 'update'}
        disabled={blocked}
      >
        Update
      </Button>
      {!menu.draft && (
        <Button
          variant="default"
          onClick={() => run('unpublish')}
          loading={running === 'unpublish'}
          disabled={blocked}
        >
          Unpublish
        </Button>
      )}
      <Button
        variant="subtle"
        color="red"
        onClick={handleDelete}
        loading={running === 'delete'}
        disabled={running !== null}
      >
        Delete
      </Button>
    </>
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title={menu ? menu.name : 'Create menu'}
        description={
          menu ? 'Edit the menu, its branding and what guests see.' : 'Name it, brand it, publish it.'
        }
        actions={
          <>
            {menu && can('menu') && <AllergenMatrixLink menuId={menu._id} menuName={menu.name} />}
            <PreviewToggle />
          </>
        }
      />
      {readOnly && (
        <Alert color="yellow" variant="light" icon={<IconLock size={18} />}>
          {messages.menuFromParentWarning} Clone it to make your own editable version.
        </Alert>
      )}
      <UnsavedChangesBanner dirty={dirty} />

      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (readOnly) return;
          void run(!menu ? 'save' : 'update');
        }}
      >
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              <DetailsSection form={form} disabled={disabled} />
              <CategoriesSection
                form={form}
                disabled={disabled}
                categories={categories.data ?? []}
                loading={categories.isLoading}
                onSelect={() => setSelecting(true)}
              />
              <BrandingSection form={form} disabled={disabled} progress={progress} catalog={catalog} />
              <CtaSection form={form} disabled={disabled} />
              <DisplaySection
                form={form}
                disabled={disabled}
                sideDishesLabel={restaurant.data?.sideDishesLabel}
              />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Card padding="lg" className={classes.side}>
              <Stack gap="sm">
                <Group justify="space-between">
                  <Text fw={700}>Status</Text>
                  <Badge variant="light" color={status.color}>
                    {status.label}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {status.text}
                </Text>
                {actions && (
                  <>
                    <Divider />
                    <Stack gap="xs">{actions}</Stack>
                  </>
                )}
              </Stack>
            </Card>
          </Grid.Col>
        </Grid>
      </form>

      <CategorySelectModal
        opened={selecting}
        onClose={() => setSelecting(false)}
        categories={categories.data ?? []}
        selected={form.values.categories.map((item) => item.category)}
        canCreate={can('category')}
        onApply={(ids) => {
          const current = new Map(form.values.categories.map((item) => [item.category, item.valid]));
          form.setFieldValue(
            'categories',
            ids.map((id) => ({ category: id, valid: current.get(id) ?? true })),
          );
        }}
      />
    </Stack>
  );
}
