import { DISH_PICKER_PAGE_SIZE, type Dish, messages, pageAfterDelete } from '@carte/domain';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconPhoto, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '../../ui/format.ts';
import { TablePager } from '../../ui/table-pager.tsx';
import classes from './categories.module.css';

interface DishPickerModalProps {
  opened: boolean;
  onClose: () => void;
  dishes: Dish[];
  selected: string[];
  onApply: (ids: string[]) => void;
  canCreateDish: boolean;
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
}: Omit<DishPickerModalProps, 'opened'>) {
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(selected));
  const [search, setSearch] = useState('');
  const [requestedPage, setPage] = useState(1);
  const shown = dishes.filter((dish) => dish.name.toLowerCase().includes(search.trim().toLowerCase()));
  const totalPages = Math.max(1, Math.ceil(shown.length / DISH_PICKER_PAGE_SIZE));
  const page = pageAfterDelete(requestedPage, shown.length, DISH_PICKER_PAGE_SIZE);
  const pageDishes = shown.slice((page - 1) * DISH_PICKER_PAGE_SIZE, page * DISH_PICKER_PAGE_SIZE);
  const pageAllChosen = pageDishes.length > 0 && pageDishes.every((dish) => chosen.has(dish._id));

  const toggle = (id: string) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
  };

  const togglePage = () => {
    const next = new Set(chosen);
    for (const dish of pageDishes) {
      if (pageAllChosen) next.delete(dish._id);
      else next.add(dish._id);
    }
    setChosen(next);
  };

  if (dishes.length === 0) {
    return (
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {messages.noDishesToSelect}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          {canCreateDish && (
            <Button component={Link} to="/create-dish">
              Create dish
            </Button>
          )}
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <TextInput
          placeholder="Search dishes"
          aria-label="Search dishes"
          leftSection={<IconSearch size={14} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: 1, minWidth: 200 }}
          data-autofocus
        />
        <Checkbox
          label="Select all on this page"
          checked={pageAllChosen}
          indeterminate={!pageAllChosen && pageDishes.some((dish) => chosen.has(dish._id))}
          onChange={togglePage}
          disabled={pageDishes.length === 0}
        />
      </Group>
      {pageDishes.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="xl">
          {messages.noData}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs">
          {pageDishes.map((dish) => {
            const checked = chosen.has(dish._id);
            return (
              <UnstyledButton
                key={dish._id}
                className={classes.pick}
                data-checked={checked || undefined}
                onClick={() => toggle(dish._id)}
                role="checkbox"
                aria-checked={checked}
              >
                <Group gap="sm" wrap="nowrap">
                  <Checkbox checked={checked} readOnly tabIndex={-1} aria-hidden size="xs" />
                  {dish.image ? (
                    <img src={dish.image.thumb} alt="" className={classes.pickThumb} loading="lazy" />
                  ) : (
                    <span className={classes.pickThumb} data-empty>
                      <IconPhoto size={14} />
                    </span>
                  )}
                  <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                    <Text size="sm" fw={500} truncate>
                      {dish.name}
                    </Text>
                    <Group gap={6} wrap="nowrap">
                      <Text size="xs" c="dimmed">
                        {formatPrice(dish.price)}
                      </Text>
                      {!dish.isAvailable && (
                        <Badge size="xs" variant="light" color="gray">
                          Unavailable
                        </Badge>
                      )}
                    </Group>
                  </Stack>
                </Group>
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
      )}
      <TablePager page={page} totalPages={totalPages} onChange={setPage} label="Dish pages" />
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed">
          {chosen.size} selected
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              // Dishes already in the category keep their order; new ones follow in list order.
              const kept = selected.filter((id) => chosen.has(id));
              const added = dishes
                .map((dish) => dish._id)
                .filter((id) => chosen.has(id) && !kept.includes(id));
              onApply([...kept, ...added]);
              onClose();
            }}
          >
            Apply
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
