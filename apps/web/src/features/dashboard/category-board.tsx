import { type Category, type Dish, MAX_PER_PAGE, type Menu, messages } from '@carte/domain';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Collapse,
  Menu as DropdownMenu,
  EmptyState,
  Group,
  Skeleton,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  IconCategory,
  IconChevronDown,
  IconChevronRight,
  IconCopy,
  IconDots,
  IconLock,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useCloneCategory, useMenuCategories } from '../../api/categories.api.ts';
import { dishesApi, dishKeys, useDishes, useDishesByIds } from '../../api/dishes.api.ts';
import { useRemoveCategoryFromMenu, useReorderMenu } from '../../api/menus.api.ts';
import { confirmAction } from '../../ui/confirm.tsx';
import { formatCount, formatPrice } from '../../ui/format.ts';
import { notifyFailure, notifyFailureAs, notifySuccess } from '../../ui/notify.ts';
import { useListSize } from '../../ui/use-big-list.ts';
import { useCan } from '../../ui/use-can.ts';
import { DishThumb } from '../dishes/index.ts';
import classes from './dashboard.module.css';
import { type SortableHandleProps, SortableList } from './sortable-list.tsx';

/** Expand every category at first when the menu is small enough to read at a glance. */
const EXPAND_ALL_UP_TO_DISHES = 24;
/**
 * An opened category draws its first 100 dishes, then 100 more at each "Show more" (issue 21): the
 * board is for putting a menu in order, and an order is read from the top; a category of thousands
 * is searched on the dishes screen. 100 is one read by id.
 */
const DISHES_SHOWN_AT_ONCE = MAX_PER_PAGE;

/**
 * The selected menu's categories, ordered by drag and drop, each with its dishes (also ordered by
 * drag and drop). Saved with POST /menus/reorder; the new order shows at once and goes back if the
 * server refuses (doc 1 §2).
 */
export function CategoryBoard({ menu }: { menu: Menu }) {
  const can = useCan();
  const categoriesQuery = useMenuCategories(menu._id);
  // Past 500 dishes (issue 21) the board reads only the dishes its categories hold, by id.
  const dishSize = useListSize(dishKeys.all, dishesApi.page);
  const dishesQuery = useDishes({ enabled: dishSize.decided && !dishSize.large });
  const reorder = useReorderMenu();
  const remove = useRemoveCategoryFromMenu();
  const clone = useCloneCategory();
  // The order just dropped, shown until the server's list arrives (or restored on failure).
  const [pending, setPending] = useState<Category[] | null>(null);
  const [expanded, setExpanded] = useState<Set<string> | null>(null);
  const serverCategories = categoriesQuery.data;
  useEffect(() => {
    if (serverCategories) setPending(null);
  }, [serverCategories]);

  const categories = pending ?? serverCategories ?? [];
  // Past 500 dishes each opened category reads the dishes it shows, by id; below, the whole list.
  const dishesById = dishSize.large
    ? null
    : new Map((dishesQuery.data ?? []).map((dish) => [dish._id, dish]));
  const dishesLoading = !dishSize.decided || (!dishSize.large && dishesQuery.isLoading);
  const editableMenu = !menu.fromParent && can('menu');
  const canCategory = can('category');
  const totalDishes = categories.reduce((sum, category) => sum + category.dishes.length, 0);
  const openIds =
    expanded ?? new Set(totalDishes <= EXPAND_ALL_UP_TO_DISHES ? categories.map((c) => c._id) : []);

  const save = (next: Category[], categoryDishes?: Array<{ categoryID: string; dishes: string[] }>) => {
    setPending(next);
    reorder.mutate(
      { menu_id: menu._id, categories: next.map((category) => category._id), categoryDishes },
      {
        onSuccess: () => notifySuccess(messages.changesSaved),
        onError: (error) => {
          setPending(null);
          notifyFailure(error);
        },
      },
    );
  };

  const handleDishesReorder = (category: Category, dishes: Dish[]) => {
    // Dishes not shown (past "Show more", or inherited ones the viewer cannot see) keep their order
    // after the shown ones.
    const visible = new Set(dishes.map((dish) => dish._id));
    const ids = [...dishes.map((dish) => dish._id), ...category.dishes.filter((id) => !visible.has(id))];
    save(
      categories.map((item) => (item._id === category._id ? { ...item, dishes: ids } : item)),
      [{ categoryID: category._id, dishes: ids }],
    );
  };

  const handleRemove = async (category: Category) => {
    const confirmed = await confirmAction({
      title: `Remove ${category.name} from ${menu.name}?`,
      message: 'The category and its dishes stay in your restaurant; only this menu stops showing them.',
      confirmLabel: 'Remove',
      danger: true,
    });
    if (!confirmed) return;
    remove.mutate(
      { menuID: menu._id, categoryID: category._id },
      { onSuccess: () => notifySuccess(messages.changesSaved), onError: notifyFailure },
    );
  };

  const handleClone = (category: Category) => {
    // A category cloned from the dashboard is available (doc 1 §4).
    clone.mutate(
      { category, isAvailable: true },
      {
        onSuccess: () => notifySuccess(messages.categoryCloned),
        onError: (error) => notifyFailureAs(error, messages.cloneCategoryFailed),
      },
    );
  };

  const toggle = (id: string) => {
    const next = new Set(openIds);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setExpanded(next);
  };
  const allOpen = categories.length > 0 && categories.every((category) => openIds.has(category._id));

  return (
    <Card padding="md">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <div>
          <Text fw={700}>Categories</Text>
          <Text size="xs" c="dimmed">
            {editableMenu
              ? 'Drag the handles to reorder categories and the dishes inside them.'
              : `The order of ${menu.name}.`}
          </Text>
        </div>
        <Group gap="xs">
          {categories.length > 0 && (
            <Button
              variant="subtle"
              color="gray"
              size="xs"
              onClick={() => setExpanded(allOpen ? new Set() : new Set(categories.map((c) => c._id)))}
            >
              {allOpen ? 'Collapse all' : 'Expand all'}
            </Button>
          )}
          {canCategory && (
            <Tooltip
              label={menu.fromParent ? messages.selectedMenuInherited : 'Create a category in this menu'}
              multiline
              w={240}
            >
              <Button
                component={Link}
                to="/create-category"
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} />}
                data-tour="create-category"
                data-disabled={menu.fromParent || undefined}
                onClick={(event) => {
                  if (menu.fromParent) event.preventDefault();
                }}
              >
                Add category
              </Button>
            </Tooltip>
          )}
        </Group>
      </Group>

      {categoriesQuery.isLoading ? (
        <Stack gap="xs">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height={48} radius="md" />
          ))}
        </Stack>
      ) : categories.length === 0 ? (
        <EmptyState
          icon={<IconCategory size={26} stroke={1.6} />}
          withIndicatorBackground
          title="No categories in this menu yet"
          description={
            editableMenu
              ? 'Create a category, or pick existing ones when you edit the menu.'
              : 'This menu has no categories.'
          }
          py="lg"
        >
          {editableMenu && (
            <EmptyState.Actions>
              <Button component={Link} to={`/create-menu?id=${menu._id}`} variant="default" size="xs">
                Select categories
              </Button>
              {canCategory && (
                <Button component={Link} to="/create-category?new" variant="light" size="xs">
                  Create category
                </Button>
              )}
            </EmptyState.Actions>
          )}
        </EmptyState>
      ) : (
        <Stack gap={8}>
          <SortableList
            items={categories}
            itemId={(category) => category._id}
            itemName={(category) => category.name}
            noun="category"
            disabled={!editableMenu || reorder.isPending}
            onReorder={(next) => save(next)}
            renderItem={(category, handleProps) => (
              <CategoryItem
                category={category}
                dishesById={dishesById}
                dishesLoading={dishesLoading}
                opened={openIds.has(category._id)}
                onToggle={() => toggle(category._id)}
                canEdit={canCategory && !category.fromParent}
                canClone={canCategory}
                canRemove={editableMenu}
                canReorderDishes={editableMenu && canCategory && !category.fromParent && !reorder.isPending}
                onRemove={() => handleRemove(category)}
                onClone={() => handleClone(category)}
                onReorderDishes={(dishes) => handleDishesReorder(category, dishes)}
                {...handleProps}
              />
            )}
          />
        </Stack>
      )}
    </Card>
  );
}

interface CategoryItemProps extends SortableHandleProps {
  category: Category;
  /** The whole dish list by id; null past 500 dishes, when the category reads its own by id. */
  dishesById: ReadonlyMap<string, Dish> | null;
  dishesLoading: boolean;
  opened: boolean;
  onToggle: () => void;
  canEdit: boolean;
  canClone: boolean;
  canRemove: boolean;
  canReorderDishes: boolean;
  onRemove: () => void;
  onClone: () => void;
  onReorderDishes: (dishes: Dish[]) => void;
}

function CategoryItem({
  category,
  dishesById,
  dishesLoading,
  opened,
  onToggle,
  canEdit,
  canClone,
  canRemove,
  canReorderDishes,
  onRemove,
  onClone,
  onReorderDishes,
  handle,
  dragging,
}: CategoryItemProps) {
  const listId = `category-dishes-${category._id}`;
  const hasActions = canEdit || canClone || canRemove;
  const [shownCount, setShownCount] = useState(DISHES_SHOWN_AT_ONCE);
  const shownIds = opened ? category.dishes.slice(0, shownCount) : [];
  const read = useDishesByIds(shownIds, { enabled: opened && dishesById === null });
  const byId = dishesById ?? read.byId;
  const dishes = shownIds.flatMap((id) => byId.get(id) ?? []);
  const hidden = category.dishes.length - shownIds.length;
  const loading = dishesLoading || (dishesById === null && read.isLoading);
  return (
    <div className={classes.category} data-dragging={dragging || undefined}>
      <Group gap={4} wrap="nowrap" className={classes.categoryHeader}>
        {handle ?? <span style={{ width: 8 }} />}
        <UnstyledButton
          onClick={onToggle}
          aria-expanded={opened}
          aria-controls={listId}
          style={{ flex: 1, minWidth: 0 }}
          py={4}
        >
          <Group gap={8} wrap="nowrap">
            {opened ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
            <Text fw={600} size="sm" truncate>
              {category.name}
            </Text>
            {category.fromParent && (
              <Tooltip label={messages.readOnlyFromParent} multiline w={240}>
                <IconLock size={14} aria-label="Read-only" style={{ flexShrink: 0 }} />
              </Tooltip>
            )}
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatCount(category.dishes.length)} {category.dishes.length === 1 ? 'dish' : 'dishes'}
            </Text>
          </Group>
        </UnstyledButton>
        {!category.isAvailable && (
          <Badge size="sm" variant="light" color="gray">
            Unavailable
          </Badge>
        )}
        {hasActions && (
          <DropdownMenu position="bottom-end" withinPortal>
            <DropdownMenu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${category.name}`}>
                <IconDots size={16} />
              </ActionIcon>
            </DropdownMenu.Target>
            <DropdownMenu.Dropdown>
              {canEdit && (
                <DropdownMenu.Item
                  component={Link}
                  to={`/update-category/${category._id}`}
                  leftSection={<IconPencil size={14} />}
                >
                  Edit
                </DropdownMenu.Item>
              )}
              {canClone && (
                <DropdownMenu.Item leftSection={<IconCopy size={14} />} onClick={onClone}>
                  Clone
                </DropdownMenu.Item>
              )}
              {canRemove && (
                <DropdownMenu.Item color="red" leftSection={<IconTrash size={14} />} onClick={onRemove}>
                  Remove from menu
                </DropdownMenu.Item>
              )}
            </DropdownMenu.Dropdown>
          </DropdownMenu>
        )}
      </Group>
      <Collapse expanded={opened} id={listId}>
        <div className={classes.dishList}>
          {loading && dishes.length === 0 ? (
            <Skeleton height={28} />
          ) : dishes.length === 0 ? (
            <Text size="sm" c="dimmed" py={4}>
              No dishes in this category.
            </Text>
          ) : (
            <Stack gap={2}>
              <SortableList
                items={dishes}
                itemId={(dish) => dish._id}
                itemName={(dish) => dish.name}
                noun="dish"
                disabled={!canReorderDishes}
                onReorder={onReorderDishes}
                renderItem={(dish, props) => <DishLine dish={dish} {...props} />}
              />
              {loading && <Skeleton height={28} />}
              {hidden > 0 && !loading && (
                <Group gap="xs" py={4}>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    onClick={() => setShownCount((count) => count + DISHES_SHOWN_AT_ONCE)}
                  >
                    Show {formatCount(Math.min(hidden, DISHES_SHOWN_AT_ONCE))} more
                  </Button>
                  <Text size="xs" c="dimmed">
                    {formatCount(shownIds.length)} of {formatCount(category.dishes.length)} shown
                  </Text>
                </Group>
              )}
            </Stack>
          )}
        </div>
      </Collapse>
    </div>
  );
}

function DishLine({ dish, handle, dragging }: { dish: Dish } & SortableHandleProps) {
  return (
    <Group gap={8} wrap="nowrap" className={classes.dish} data-dragging={dragging || undefined}>
      {handle}
      <DishThumb dish={dish} size="mini" />
      <Text size="sm" truncate style={{ flex: 1, minWidth: 0 }} c={dish.isAvailable ? undefined : 'dimmed'}>
        {dish.name}
      </Text>
      {!dish.isAvailable && (
        <Badge size="xs" variant="light" color="gray">
          Unavailable
        </Badge>
      )}
      <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatPrice(dish.price)}
      </Text>
    </Group>
  );
}
