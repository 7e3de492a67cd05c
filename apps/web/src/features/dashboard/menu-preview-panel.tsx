import type { Customization, ImageVariants } from '@carte/domain';
import { MenuPreview, previewImage } from '@carte/menu-view';
import { ActionIcon, Badge, Box, EmptyState, Group, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { IconEyeOff, IconToolsKitchen2, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useCategories, useMenuCategories } from '../../api/categories.api.ts';
import { useDishesNamed } from '../../api/dishes.api.ts';
import { useFilterOptions } from '../../api/filters.api.ts';
import { useIngredientsNamed } from '../../api/ingredients.api.ts';
import { useSelectedMenu } from '../../api/menus.api.ts';
import { useRestaurant } from '../../api/restaurants.api.ts';
import { useCurrentUser } from '../../api/session.ts';
import classes from './menu-preview-panel.module.css';
import { menuPreviewStore, usePreviewDraft } from './menu-preview-store.ts';
import { buildPreviewMenu, buildPreviewRestaurant } from './preview-menu.ts';

/** A form's picture in its sizes: a new file through an object URL (revoked when it changes). */
function usePictureImage(
  value: File | string | null | undefined,
  saved: ImageVariants | null,
): ImageVariants | null {
  const [fileUrl, setFileUrl] = useState<string | null>(null);
  const file = value instanceof File ? value : null;
  useEffect(() => {
    if (!file) {
      setFileUrl(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setFileUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  if (value === undefined) return saved;
  if (file) return fileUrl ? previewImage(fileUrl) : null;
  if (typeof value === 'string') return saved && saved.card === value ? saved : previewImage(value);
  return null;
}

/**
 * What the shown menu draws, and only that (issue 21): its categories (the menu's own list; on the
 * menu form, whose categories may be unsaved, the restaurant's), their dishes and those dishes' side
 * dishes, and the ingredients any of them or their customizations name. Past 500 dishes or
 * ingredients those are read by id; below, from the whole lists the other screens share.
 */
function useShownMenuSources(
  links: readonly { category: string; valid?: boolean | undefined }[],
  menuId: string | null,
  shared: readonly Customization[],
) {
  const menuCategories = useMenuCategories(menuId);
  const allCategories = useCategories({ enabled: menuId === null });
  const categories = menuId === null ? allCategories : menuCategories;
  const shownIds = new Set(links.filter((link) => link.valid !== false).map((link) => link.category));
  const dishIds = unique(
    (categories.data ?? []).flatMap((category) => (shownIds.has(category._id) ? category.dishes : [])),
  );
  const dishes = useDishesNamed(dishIds);
  const held = new Set(dishIds);
  const sides = useDishesNamed(
    unique((dishes.list ?? []).flatMap((dish) => dish.sideDishes.filter((id) => !held.has(id)))),
  );
  const drawn = useMemo(() => [...(dishes.list ?? []), ...(sides.list ?? [])], [dishes.list, sides.list]);
  const ingredients = useIngredientsNamed(
    unique([
      ...drawn.flatMap((dish) => dish.ingredients.map((entry) => entry.ingredient._id)),
      ...[...shared, ...drawn.flatMap((dish) => dish.customizations.custom)].flatMap((customization) =>
        customization.options.flatMap((option) => option.ingredient ?? []),
      ),
    ]),
  );
  return {
    categories: { list: categories.data, isPending: categories.isPending },
    dishes: { list: drawn, isPending: dishes.isPending || sides.isPending },
    ingredients,
  };
}

const unique = (ids: readonly string[]): string[] => [...new Set(ids)];

/**
 * The owner's live preview (doc 1 §2, §9): a 450 px panel beside the workshop drawing the selected
 * menu as diners see it, with `MenuPreview` of @carte/menu-view. On the menu form it draws the form's
 * unsaved values (colours, fonts, template, display switches, name, description, pictures).
 * Mounted only while open, so closed it costs no request.
 */
export default function MenuPreviewPanel() {
  const user = useCurrentUser();
  const draft = usePreviewDraft();
  const selected = useSelectedMenu();
  const restaurant = useRestaurant();
  const filters = useFilterOptions();

  // On the menu form the edited menu (or none, for a new one); elsewhere the selected menu.
  const menu = draft
    ? draft.menuId
      ? (selected.menus.find((item) => item._id === draft.menuId) ?? null)
      : null
    : selected.menu;
  const { categories, dishes, ingredients } = useShownMenuSources(
    draft ? (draft.input?.categories ?? menu?.categories ?? []) : (menu?.categories ?? []),
    draft ? null : (menu?._id ?? null),
    restaurant.data?.customizations ?? [],
  );
  // The saved variants (stable objects of the query data, so the memo below holds).
  const cover = usePictureImage(draft ? draft.cover : undefined, menu?.coverVariants ?? null);
  const logo = usePictureImage(draft ? draft.logo : undefined, menu?.logoVariants ?? null);

  const loading =
    selected.isLoading ||
    categories.isPending ||
    dishes.isPending ||
    ingredients.isPending ||
    restaurant.isPending ||
    filters.isPending;

  const built = useMemo(() => {
    if (loading || !restaurant.data || (!menu && !draft)) return null;
    const publicMenu = buildPreviewMenu(
      menu,
      draft?.input ?? null,
      { cover, logo },
      {
        categories: categories.list ?? [],
        dishes: dishes.list ?? [],
        ingredients: ingredients.list ?? [],
        restaurant: restaurant.data,
      },
    );
    return {
      menu: publicMenu,
      restaurant: buildPreviewRestaurant(restaurant.data, logo, filters.data ?? null),
    };
  }, [
    loading,
    menu,
    draft,
    cover,
    logo,
    categories.list,
    dishes.list,
    ingredients.list,
    restaurant.data,
    filters.data,
  ]);

  const status = draft
    ? { label: 'Editing', color: 'yellow' }
    : menu?.draft
      ? { label: 'Draft', color: 'gray' }
      : menu
        ? { label: 'Published', color: 'teal' }
        : null;

  return (
    <Stack gap={0} className={classes.panel}>
      <Group justify="space-between" wrap="nowrap" gap="sm" className={classes.bar}>
        <Stack gap={0} miw={0}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" className={classes.eyebrow}>
            Guest preview
          </Text>
          <Text fw={600} truncate>
            {built?.menu.name ?? menu?.name ?? 'No menu selected'}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {status && (
            <Badge variant="light" color={status.color} radius="sm">
              {status.label}
            </Badge>
          )}
          <Tooltip label="Close preview">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label="Close preview"
              onClick={menuPreviewStore.close}
            >
              <IconX size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>

      <Box className={classes.body}>
        {loading ? (
          <Stack gap="md" p="md">
            <Skeleton height={180} radius="md" />
            <Skeleton height={28} width="60%" />
            <Skeleton height={16} width="80%" />
            <Skeleton height={90} radius="md" />
            <Skeleton height={90} radius="md" />
          </Stack>
        ) : built ? (
          <div className={classes.frame}>
            <MenuPreview menu={built.menu} restaurant={built.restaurant} ownerEmail={user.email} />
          </div>
        ) : (
          <EmptyState
            icon={restaurant.data ? <IconToolsKitchen2 size={26} stroke={1.6} /> : <IconEyeOff size={26} />}
            withIndicatorBackground
            title="Nothing to preview"
            description="Select a menu on the dashboard to see it as your guests do."
            py="xl"
            px="md"
          />
        )}
      </Box>
    </Stack>
  );
}
