import { messages, type QuickEdit, type QuickEditSection } from '@carte/domain';
import {
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconLock, IconToggleRight } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { incompleteMenuProblems, useMenus } from '../../api/menus.api.ts';
import { useSaveQuickEdit } from '../../api/quick-edit.api.ts';
import { useCurrentUser } from '../../api/session.ts';
import { confirmAction } from '../../ui/confirm.tsx';
import { formatCount } from '../../ui/format.ts';
import { notifyFailure, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { matchesSearch, SearchInput } from '../../ui/search-input.tsx';
import { TablePager } from '../../ui/table-pager.tsx';
import { UnsavedChangesBanner, useUnsavedChangesGuard } from '../../ui/unsaved-changes.tsx';
import { checkBeforePublishing, openPublishCheck, openSubscribeRequired } from '../menus/index.ts';
import classes from './quick-edit.module.css';
import {
  type Changes,
  type FlatSection,
  itemKey,
  optionKey,
  payloadOf,
  shown,
  turned,
} from './quick-edit-changes.ts';
import { type QuickEditPages, type SectionPaging, useQuickEditData } from './use-quick-edit-data.ts';

const ALL_MENUS = 'all';
const plural = (count: number, one: string, many = `${one}s`) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

/**
 * /toggle-list, "Quick edit" (doc 2 §2, §4, §6): availability switches for menus (published),
 * categories, dishes, ingredients and customizations with their options, grouped by section and
 * searchable. Switches stay local until the one Save; a banner shows while changes are unsaved.
 * Sections follow the user's flags (the server answers only those); a location's inherited records
 * are shown locked.
 */
export function QuickEditPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [menuId, setMenuId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [changes, setChanges] = useState<Changes>(new Map());
  const [pages, setPages] = useState<QuickEditPages>({});
  // The saved switch of each customization turned (or one of whose options was): its PUT entry.
  const [savedCustomizations, setSavedCustomizations] = useState<ReadonlyMap<string, boolean>>(new Map());
  const menus = useMenus();
  const query = useQuickEditData(menuId, search, pages);
  const save = useSaveQuickEdit();
  const [checking, setChecking] = useState(false);
  const dirty = changes.size > 0;
  const guard = useUnsavedChangesGuard(dirty);

  const handleMenuChange = async (value: string | null) => {
    const next = !value || value === ALL_MENUS ? null : value;
    if (next === menuId) return;
    if (dirty) {
      const leave = await confirmAction({
        title: messages.unsavedChanges,
        message: 'Show another menu without saving your switches?',
        confirmLabel: 'Discard changes',
        cancelLabel: 'Stay',
        danger: true,
      });
      if (!leave) return;
    }
    setChanges(new Map());
    setPages({});
    setMenuId(next);
  };

  /** Leaves for another screen of the app (the subscription, the labelling settings). */
  const leave = (path: string) => {
    guard.allowNextNavigation();
    void navigate(path);
  };

  const handleSave = async () => {
    if (!dirty || save.isPending || checking) return;
    const payload = payloadOf(changes, savedCustomizations);
    // Menus this save publishes pass the check before publishing first (issue 23 §5).
    const nameOf = (id: string) => menus.data?.find((menu) => menu._id === id)?.name ?? 'This menu';
    const publishing = (payload.menus ?? [])
      .filter((toggle) => toggle.checked)
      .map((toggle) => ({ id: toggle.id, name: nameOf(toggle.id) }));
    if (publishing.length > 0) {
      setChecking(true);
      try {
        if (!(await checkBeforePublishing(publishing, leave))) return;
      } catch (error) {
        notifyFailure(error);
        return;
      } finally {
        setChecking(false);
      }
    }
    save.mutate(payload, {
      onSuccess: (result) => {
        setChanges(new Map());
        if (result.menusUpdatedSuccessfully) {
          notifySuccess(messages.changesMade);
          return;
        }
        // Doc 2 §4: the rest is saved; publishing needs a subscription.
        notifications.show({ color: 'yellow', message: messages.changesMadeExceptMenus });
        openSubscribeRequired(user, leave);
      },
      onError: (error) => {
        // Refused whole: the settings forbid publishing an incomplete menu; nothing was saved.
        const problems = incompleteMenuProblems(error);
        if (problems) {
          const menuName = publishing.length === 1 ? publishing[0]!.name : 'These menus';
          void openPublishCheck([{ menuName, problems }], { blocked: true, navigate: leave });
          return;
        }
        notifyFailure(error);
      },
    });
  };

  useHotkeys([['mod+S', () => void handleSave()]], []);

  const menuOptions = [
    { value: ALL_MENUS, label: 'All menus' },
    ...(menus.data ?? []).map((menu) => ({ value: menu._id, label: menu.name })),
  ];

  return (
    <Stack gap="lg" className={classes.page}>
      <PageHeader
        title="Quick edit"
        description="Switch what guests see right now: menus, categories, dishes, ingredients and options."
        actions={
          <Select
            className={classes.menuPicker}
            label="Show"
            data={menuOptions}
            value={menuId ?? ALL_MENUS}
            onChange={(value) => void handleMenuChange(value)}
            allowDeselect={false}
            searchable={menuOptions.length > 8}
          />
        }
      />
      <UnsavedChangesBanner dirty={dirty} />
      <SearchInput
        label="Search by name"
        value={search}
        onChange={(value) => {
          setSearch(value);
          setPages({});
        }}
        className={classes.search}
      />

      {query.status === 'pending' ? (
        <QuickEditSkeleton />
      ) : query.status === 'error' ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          title={messages.failedToLoadData}
        >
          <Button size="xs" variant="light" color="red" mt="xs" onClick={query.refetch}>
            Try again
          </Button>
        </Alert>
      ) : (
        <Sections
          data={query.data}
          paging={query.paging}
          changes={changes}
          search={search}
          narrowed={menuId !== null}
          onChange={setChanges}
          onCustomizationTurned={(id, saved) =>
            setSavedCustomizations((before) => new Map(before).set(id, saved))
          }
          onPage={(section, page) => setPages((before) => ({ ...before, [section]: page }))}
        />
      )}

      {/* The one Save: it rides at the bottom of the window while there is something to save. */}
      {dirty && (
        <Paper className={classes.saveBar} shadow="md" withBorder p="sm" radius="md">
          <Group justify="space-between" gap="sm" wrap="nowrap">
            <Text size="sm" fw={500}>
              {plural(changes.size, 'unsaved change')}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Button variant="default" disabled={save.isPending} onClick={() => setChanges(new Map())}>
                Discard
              </Button>
              <Button onClick={() => void handleSave()} loading={save.isPending || checking}>
                Save
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
    </Stack>
  );
}

function Sections({
  data,
  paging,
  changes,
  search,
  narrowed,
  onChange,
  onCustomizationTurned,
  onPage,
}: {
  data: QuickEdit;
  /** Each section's server page when the lists are large (issue 21); null when read whole. */
  paging: Partial<Record<QuickEditSection, SectionPaging>> | null;
  changes: Changes;
  search: string;
  narrowed: boolean;
  onChange: (changes: Changes) => void;
  onCustomizationTurned: (id: string, saved: boolean) => void;
  onPage: (section: QuickEditSection, page: number) => void;
}) {
  const pagingOf = (section: QuickEditSection, count: number) => ({
    count: paging?.[section]?.total ?? count,
    pager: paging?.[section] && (
      <TablePager
        page={paging[section].page}
        totalPages={paging[section].totalPages}
        onChange={(page) => onPage(section, page)}
        label={`${section[0]!.toUpperCase()}${section.slice(1)} pages`}
      />
    ),
  });
  const flip = (key: string, checked: boolean, saved: boolean) =>
    onChange(turned(changes, key, checked, saved));
  const query = search.trim();
  const empty = (what: string, link?: { to: string; label: string }) =>
    query ? (
      <Text size="sm" c="dimmed" py="xs">
        No {what} match “{query}”.
      </Text>
    ) : (
      <Text size="sm" c="dimmed" py="xs">
        {narrowed ? `This menu has no ${what} yet.` : `No ${what} yet.`}{' '}
        {link && !narrowed && (
          <Text component={Link} to={link.to} size="sm" c="blue.8" td="underline">
            {link.label}
          </Text>
        )}
      </Text>
    );

  const flatRows = (
    section: FlatSection,
    items: { _id: string; name: string; checked: boolean; fromParent: boolean }[],
    detail: (index: number) => string | null,
    states: [string, string] = ['On', 'Off'],
  ) =>
    items.flatMap((item, index) => {
      const text = detail(index);
      if (!matchesSearch(query, item.name, text)) return [];
      const key = itemKey(section, item._id);
      return [
        <SwitchRow
          key={item._id}
          label={item.name}
          detail={text}
          checked={shown(changes, key, item.checked)}
          changed={changes.has(key)}
          locked={item.fromParent}
          states={states}
          onChange={(checked) => flip(key, checked, item.checked)}
        />,
      ];
    });

  const sections: ReactNode[] = [];
  if (data.menus) {
    const list = data.menus;
    const rows = flatRows('menus', list, () => null, ['Published', 'Draft']);
    sections.push(
      <Section key="menus" title="Menus" hint="On: published" {...pagingOf('menus', list.length)}>
        {rows.length ? rows : empty('menus', { to: '/create-menu', label: 'Create a menu' })}
      </Section>,
    );
  }
  if (data.categories) {
    const list = data.categories;
    const rows = flatRows('categories', list, (i) => plural(list[i]!.dishCount, 'dish', 'dishes'));
    sections.push(
      <Section key="categories" title="Categories" {...pagingOf('categories', list.length)}>
        {rows.length ? rows : empty('categories', { to: '/create-category', label: 'Create a category' })}
      </Section>,
    );
  }
  if (data.dishes) {
    const list = data.dishes;
    const rows = flatRows('dishes', list, (i) =>
      list[i]!.categories.length
        ? list[i]!.categories.map((category) => category.name).join(', ')
        : 'In no category',
    );
    sections.push(
      <Section key="dishes" title="Dishes" {...pagingOf('dishes', list.length)}>
        {rows.length ? rows : empty('dishes', { to: '/create-dish', label: 'Create a dish' })}
      </Section>,
    );
  }
  if (data.ingredients) {
    const list = data.ingredients;
    const rows = flatRows('ingredients', list, (i) =>
      list[i]!.dishCount ? `Used in ${plural(list[i]!.dishCount, 'dish', 'dishes')}` : 'Used in no dish',
    );
    sections.push(
      <Section
        key="ingredients"
        title="Ingredients"
        hint="Off: dishes using it leave the menu"
        {...pagingOf('ingredients', list.length)}
      >
        {rows.length ? rows : empty('ingredients', { to: '/create-ingredient', label: 'Add ingredients' })}
      </Section>,
    );
  }
  if (data.customizations) {
    const list = data.customizations;
    const rows = list.flatMap((item) => {
      const names = item.options.map((option) => option.name);
      if (!matchesSearch(query, item.name, ...names)) return [];
      const key = itemKey('customizations', item._id);
      const on = shown(changes, key, item.checked);
      return [
        <div key={item._id} className={classes.group}>
          <SwitchRow
            label={item.name}
            detail={plural(item.options.length, 'option')}
            checked={on}
            changed={changes.has(key)}
            locked={item.fromParent}
            onChange={(checked) => {
              onCustomizationTurned(item._id, item.checked);
              flip(key, checked, item.checked);
            }}
          />
          {item.options.map((option) => {
            const optionId = optionKey(item._id, option._id);
            return (
              <SwitchRow
                key={option._id}
                nested
                label={option.name}
                detail={null}
                checked={shown(changes, optionId, option.checked)}
                changed={changes.has(optionId)}
                locked={item.fromParent}
                muted={!on}
                onChange={(checked) => {
                  onCustomizationTurned(item._id, item.checked);
                  flip(optionId, checked, option.checked);
                }}
              />
            );
          })}
        </div>,
      ];
    });
    sections.push(
      <Section key="customizations" title="Customizations" {...pagingOf('customizations', list.length)}>
        {rows.length
          ? rows
          : empty('customizations', { to: '/customizations', label: 'Set up customizations' })}
      </Section>,
    );
  }

  if (sections.length === 0) {
    return (
      <Card>
        <EmptyState
          icon={<IconToggleRight size={28} stroke={1.6} />}
          withIndicatorBackground
          title="Nothing to switch"
          description="Your permissions open no section of quick edit."
        />
      </Card>
    );
  }
  return <div className={classes.sections}>{sections}</div>;
}

function Section({
  title,
  hint,
  count,
  pager,
  children,
}: {
  title: string;
  hint?: string;
  count: number;
  /** The section's pager when its list is read a page at a time. */
  pager?: ReactNode;
  children: ReactNode;
}) {
  const id = `quick-edit-${title.toLowerCase()}`;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={id} className={classes.section}>
      <Group justify="space-between" gap="xs" mb="xs" wrap="wrap" align="baseline">
        <Group gap="xs" wrap="nowrap">
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          <Badge variant="light" color="gray" size="sm" className={classes.count}>
            {formatCount(count)}
          </Badge>
        </Group>
        {hint && (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )}
      </Group>
      <div className={classes.rows}>{children}</div>
      {pager && <div className={classes.pager}>{pager}</div>}
    </Card>
  );
}

function SwitchRow({
  label,
  detail,
  checked,
  changed,
  locked,
  nested = false,
  muted = false,
  states = ['On', 'Off'],
  onChange,
}: {
  label: string;
  detail: string | null;
  checked: boolean;
  changed: boolean;
  locked: boolean;
  nested?: boolean;
  muted?: boolean;
  states?: [string, string];
  onChange: (checked: boolean) => void;
}) {
  return (
    <div
      className={classes.row}
      data-changed={changed || undefined}
      data-nested={nested || undefined}
      data-muted={muted || undefined}
    >
      <div className={classes.rowText}>
        <Group gap={6} wrap="nowrap" miw={0}>
          <Text size="sm" fw={nested ? 400 : 500} truncate>
            {label}
          </Text>
          {locked && (
            <Tooltip label="From the parent restaurant: read-only here">
              <IconLock
                size={14}
                className={classes.lock}
                aria-label="Read-only: from the parent restaurant"
              />
            </Tooltip>
          )}
          {changed && (
            <Badge size="xs" variant="light" color="yellow" c="dark.7" className={classes.changed}>
              Unsaved
            </Badge>
          )}
        </Group>
        {detail && (
          <Text size="xs" c="dimmed" truncate>
            {detail}
          </Text>
        )}
      </div>
      <Group gap={8} wrap="nowrap" className={classes.control}>
        <Text size="xs" c="dimmed" className={classes.state} aria-hidden>
          {checked ? states[0] : states[1]}
        </Text>
        <Switch
          checked={checked}
          disabled={locked}
          onChange={(event) => onChange(event.currentTarget.checked)}
          aria-label={label}
          size="md"
        />
      </Group>
    </div>
  );
}

function QuickEditSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" aria-busy="true" aria-label="Loading">
      {[0, 1, 2, 3].map((index) => (
        <Card key={index} withBorder padding="md">
          <Skeleton height={20} width="40%" mb="md" />
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={16} mb="sm" />
          ))}
        </Card>
      ))}
    </SimpleGrid>
  );
}
