import { DISH_PICKER_PAGE_SIZE, type Dish, dishSorts, messages, pageAfterDelete } from '@carte/domain';
import { Checkbox, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { dishesApi, dishKeys } from '../../api/dishes.api.ts';
import { formatCount } from '../../ui/format.ts';
import { orderedChoice, PickEmpty, PickFooter, PickOption, useChosenIds } from '../../ui/pick-list.tsx';
import { matchesSearch, SearchInput } from '../../ui/search-input.tsx';
import { TablePager } from '../../ui/table-pager.tsx';
import { useServerPage } from '../../ui/use-big-list.ts';
import { DishSummary, DishThumb } from '../dishes/index.ts';

interface DishPickerModalProps {
  opened: boolean;
  onClose: () => void;
  dishes: Dish[];
  selected: string[];
  onApply: (ids: string[]) => void;
  canCreateDish: boolean;
  /** The dish count when the list is too large to read whole (issue 21): pages come from the server. */
  largeTotal?: number | undefined;
}

/** The category dialog to select dishes (doc 1 §2): 24 a page, search, select all on the page. */
export function DishPickerModal({ opened, onClose, ...props }: DishPickerModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Select dishes" size="xl">
      {opened && <DishPickerBody onClose={onClose} {...props} />}
    </Modal>
  );
}

function DishPickerBody({
  onClose,
  dishes,
  selected,
  onApply,
  canCreateDish,
  largeTotal,
}: Omit<DishPickerModalProps, 'opened'>) {
  const large = largeTotal !== undefined;
  const { chosen, toggle, toggleAll, allChosen, someChosen } = useChosenIds(selected);
  const [search, setSearch] = useState('');
  const [requestedPage, setPage] = useState(1);
  const serverPage = useServerPage(
    dishKeys.all,
    dishesApi.page,
    { search, sort: 'name-asc', page: requestedPage },
    dishSorts,
    large,
    DISH_PICKER_PAGE_SIZE,
  );
  const shown = large ? [] : dishes.filter((dish) => matchesSearch(search, dish.name));
  const totalPages = large
    ? (serverPage.data?.total_pages ?? 1)
    : Math.max(1, Math.ceil(shown.length / DISH_PICKER_PAGE_SIZE));
  const page = large
    ? (serverPage.data?.page ?? 1)
    : pageAfterDelete(requestedPage, shown.length, DISH_PICKER_PAGE_SIZE);
  const pageDishes = large
    ? (serverPage.data?.data ?? [])
    : shown.slice((page - 1) * DISH_PICKER_PAGE_SIZE, page * DISH_PICKER_PAGE_SIZE);
  const pageIds = pageDishes.map((dish) => dish._id);

  if (!large && dishes.length === 0) {
    return (
      <PickEmpty
        message={messages.noDishesToSelect}
        onClose={onClose}
        create={canCreateDish && { label: 'Create dish', to: '/create-dish' }}
      />
    );
  }

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <SearchInput
          label="Search dishes"
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
          style={{ flex: 1, minWidth: 200 }}
          data-autofocus
        />
        <Checkbox
          label="Select all on this page"
          checked={allChosen(pageIds)}
          indeterminate={!allChosen(pageIds) && someChosen(pageIds)}
          onChange={() => toggleAll(pageIds)}
          disabled={pageIds.length === 0}
        />
      </Group>
      {large && !search.trim() && (
        <Text size="sm" c="dimmed">
          {formatCount(largeTotal)} dishes: type a name to find one faster.
        </Text>
      )}
      {pageDishes.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="xl">
          {large && serverPage.isPending
            ? 'Loading…'
            : !large && dishes.length === 0
              ? 'No dishes yet: create them in Dishes, then add them here.'
              : 'No dish matches your search.'}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs">
          {pageDishes.map((dish) => (
            <PickOption key={dish._id} checked={chosen.has(dish._id)} onToggle={() => toggle(dish._id)}>
              <DishThumb dish={dish} size="pick" />
              <DishSummary dish={dish} />
            </PickOption>
          ))}
        </SimpleGrid>
      )}
      <TablePager page={page} totalPages={totalPages} onChange={setPage} label="Dish pages" />
      <PickFooter
        count={chosen.size}
        onCancel={onClose}
        onApply={() => {
          // Dishes already in the category keep their order; new ones follow in list order (in the
          // order they were chosen when the list is paged on the server).
          onApply(orderedChoice(selected, large ? [...chosen] : dishes.map((dish) => dish._id), chosen));
          onClose();
        }}
      />
    </Stack>
  );
}
