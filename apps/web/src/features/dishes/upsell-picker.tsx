import { type Category, DISH_PICKER_PAGE_SIZE, type Dish, dishSorts } from '@carte/domain';
import { Checkbox, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { dishesApi, dishKeys, useDishesByIds } from '../../api/dishes.api.ts';
import { formatCount } from '../../ui/format.ts';
import { matchesSearch, SearchInput } from '../../ui/search-input.tsx';
import { TablePager } from '../../ui/table-pager.tsx';
import { useServerPage } from '../../ui/use-big-list.ts';
import { DishSummary, DishThumb } from './dish-thumb.tsx';
import classes from './upsell-picker.module.css';

export interface UpsellPickerProps {
  /** Chosen upsell (side) dish ids. */
  value: string[];
  onChange: (ids: string[]) => void;
  dishes: readonly Dish[] | undefined;
  categories: readonly Category[] | undefined;
  /** The dish being edited, which cannot be its own upsell. */
  currentDishId?: string | null;
  loading?: boolean;
  disabled?: boolean;
  /**
   * The restaurant's dish count when the list is too large to read whole (issue 21): the picker then
   * asks the server for each page and search, and reads the chosen dishes by id.
   */
  largeTotal?: number | undefined;
}

/**
 * Upsell (side) dishes chosen by category or one by one (doc 1 §4): selecting a category adds all its
 * dishes, deselecting removes them, and a category shows as selected when all its dishes are.
 */
export function UpsellPicker({
  value,
  onChange,
  dishes,
  categories,
  currentDishId,
  loading,
  disabled,
  largeTotal,
}: UpsellPickerProps) {
  const large = largeTotal !== undefined;
  const [search, setSearch] = useState('');
  const [show, setShow] = useState<'all' | 'selected'>('all');
  const [requestedPage, setRequestedPage] = useState(1);
  const chosen = useMemo(() => new Set(value), [value]);

  const serverPage = useServerPage(
    dishKeys.all,
    dishesApi.page,
    { search, sort: 'name-asc', page: requestedPage },
    dishSorts,
    large && show === 'all',
    DISH_PICKER_PAGE_SIZE,
  );
  const chosenPageIds = value.slice(
    (requestedPage - 1) * DISH_PICKER_PAGE_SIZE,
    requestedPage * DISH_PICKER_PAGE_SIZE,
  );
  const chosenDishes = useDishesByIds(chosenPageIds, { enabled: large && show === 'selected' });
  const candidates = useMemo(
    () => (dishes ?? []).filter((dish) => dish._id !== currentDishId),
    [dishes, currentDishId],
  );
  const candidateIds = useMemo(() => new Set(candidates.map((dish) => dish._id)), [candidates]);
  const groups = useMemo(
    () =>
      (categories ?? [])
        .map((category) => ({
          category,
          dishIds: category.dishes.filter((id) => (large ? id !== currentDishId : candidateIds.has(id))),
        }))
        .filter((group) => group.dishIds.length > 0),
    [categories, candidateIds, large, currentDishId],
  );

  let pageDishes: Dish[];
  let totalPages: number;
  let page: number;
  if (large && show === 'all') {
    // The server's page, searched 300 ms after the last key stroke; the dish itself left out.
    pageDishes = (serverPage.data?.data ?? []).filter((dish) => dish._id !== currentDishId);
    totalPages = serverPage.data?.total_pages ?? 1;
    page = serverPage.data?.page ?? 1;
  } else if (large) {
    // The chosen dishes, a page of ids read by id, in the order they were chosen.
    totalPages = Math.max(1, Math.ceil(value.length / DISH_PICKER_PAGE_SIZE));
    page = Math.min(requestedPage, totalPages);
    pageDishes = chosenPageIds.flatMap((id) => {
      const dish = chosenDishes.byId.get(id);
      return dish && matchesSearch(search, dish.name) ? [dish] : [];
    });
  } else {
    const visible = candidates.filter(
      (dish) => (show === 'all' || chosen.has(dish._id)) && matchesSearch(search, dish.name),
    );
    totalPages = Math.max(1, Math.ceil(visible.length / DISH_PICKER_PAGE_SIZE));
    page = Math.min(requestedPage, totalPages);
    pageDishes = visible.slice((page - 1) * DISH_PICKER_PAGE_SIZE, page * DISH_PICKER_PAGE_SIZE);
  }
  const waiting = large && (show === 'all' ? serverPage.isPending : chosenDishes.isLoading);

  const toggleDish = (id: string) =>
    onChange(chosen.has(id) ? value.filter((item) => item !== id) : [...value, id]);

  const toggleCategory = (dishIds: string[], allChosen: boolean) => {
    if (allChosen) {
      const removed = new Set(dishIds);
      onChange(value.filter((id) => !removed.has(id)));
    } else {
      onChange([...value, ...dishIds.filter((id) => !chosen.has(id))]);
    }
  };

  if (loading) {
    return (
      <Stack gap="sm">
        <Skeleton height={28} width="60%" />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {Array.from({ length: 6 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={index} height={56} />
          ))}
        </SimpleGrid>
      </Stack>
    );
  }

  if (!large && candidates.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        There are no other dishes to offer yet.
      </Text>
    );
  }

  return (
    <Stack gap="md">
      {groups.length > 0 && (
        <div>
          <Text size="sm" fw={500} mb={6}>
            By category
          </Text>
          <Group gap="xs">
            {groups.map(({ category, dishIds }) => {
              const count = dishIds.filter((id) => chosen.has(id)).length;
              const allChosen = count === dishIds.length;
              return (
                <Checkbox.Card
                  key={category._id}
                  className={classes.category}
                  checked={allChosen}
                  onClick={() => !disabled && toggleCategory(dishIds, allChosen)}
                  disabled={disabled}
                  radius="xl"
                  aria-label={`${category.name}: ${count} of ${dishIds.length} dishes chosen`}
                >
                  <Group gap={8} wrap="nowrap">
                    <Checkbox.Indicator
                      size="xs"
                      checked={allChosen}
                      indeterminate={count > 0 && !allChosen}
                      disabled={disabled}
                    />
                    <Text size="sm">{category.name}</Text>
                    <Text size="xs" c="dimmed">
                      {count}/{dishIds.length}
                    </Text>
                  </Group>
                </Checkbox.Card>
              );
            })}
          </Group>
        </div>
      )}

      <Group gap="sm" wrap="wrap" justify="space-between">
        <SearchInput
          label="Search dishes"
          className={classes.search}
          value={search}
          onChange={(next) => {
            setSearch(next);
            setRequestedPage(1);
          }}
        />
        <SegmentedControl
          size="xs"
          value={show}
          onChange={(next) => {
            setShow(next as 'all' | 'selected');
            setRequestedPage(1);
          }}
          data={[
            { value: 'all', label: `All (${formatCount(large ? largeTotal : candidates.length)})` },
            { value: 'selected', label: `Chosen (${value.length})` },
          ]}
          aria-label="Which dishes to show"
        />
      </Group>

      {large && show === 'all' && !search.trim() && (
        <Text size="sm" c="dimmed">
          {formatCount(largeTotal)} dishes: type a name to find one faster.
        </Text>
      )}
      {waiting ? (
        <Skeleton height={56} />
      ) : pageDishes.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md">
          {show === 'selected' && !search.trim()
            ? 'No upsell dishes chosen yet.'
            : 'No dish matches your search.'}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs" verticalSpacing="xs">
          {pageDishes.map((dish) => {
            const checked = chosen.has(dish._id);
            return (
              <Checkbox.Card
                key={dish._id}
                className={classes.dish}
                checked={checked}
                onClick={() => !disabled && toggleDish(dish._id)}
                disabled={disabled}
                aria-label={dish.name}
              >
                <Group gap="sm" wrap="nowrap">
                  <Checkbox.Indicator checked={checked} disabled={disabled} />
                  <DishThumb dish={dish} size="pick" />
                  <DishSummary dish={dish} />
                </Group>
              </Checkbox.Card>
            );
          })}
        </SimpleGrid>
      )}
      <TablePager page={page} totalPages={totalPages} onChange={setRequestedPage} label="Upsell dish pages" />
    </Stack>
  );
}
