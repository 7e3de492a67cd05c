import { type Ingredient, ingredientSorts } from '@carte/domain';
import { Select, type SelectProps } from '@mantine/core';
import { useMemo, useState } from 'react';
import {
  type IngredientListQuery,
  ingredientKeys,
  ingredientsApi,
  useIngredients,
} from '../../api/ingredients.api.ts';
import { formatCount } from '../../ui/format.ts';
import { SEARCHED_OPTIONS, useListSize, useSearchedRows } from '../../ui/use-big-list.ts';

type ParentSelectProps = Omit<SelectProps, 'data' | 'searchable' | 'searchValue' | 'onSearchChange'> & {
  /** The ingredient being edited: it and its children cannot be its parent. */
  except?: string | undefined;
  /** The saved parent, offered even when the list would not hold it. */
  current?: Ingredient['parent'] | undefined;
};

/**
 * "Inside another ingredient" (doc 1 §3): a top-level ingredient of the restaurant's own. Past 500
 * ingredients (issue 21) it offers the chosen one, read by id, and the server's first 50 for what
 * is typed; the whole list is not read. Used by the create form, the edit drawer and the dish
 * form's "Add missing ingredient".
 */
export function ParentIngredientSelect({
  except,
  current,
  value,
  onChange,
  description,
  ...props
}: ParentSelectProps) {
  const filters: IngredientListQuery = { exceptChildren: true, exceptParentID: except ?? null };
  const size = useListSize(ingredientKeys.all, ingredientsApi.page);
  const whole = useIngredients(filters, { enabled: size.decided && !size.large });
  const [search, setSearch] = useState('');
  // With a parent chosen, the box shows its name: that is no search.
  const [pickedName, setPickedName] = useState(current?.name ?? null);
  const typed = value && search === pickedName ? '' : search;
  const searched = useSearchedRows(
    ingredientKeys.list(filters),
    (query, signal) => ingredientsApi.page({ ...query, ...filters }, signal),
    ingredientSorts,
    { search: typed, chosen: value ? [value] : [], enabled: size.large },
  );
  const rows = size.large ? searched.rows : whole.data;
  const options = useMemo(() => {
    const list = (rows ?? [])
      .filter((candidate) => candidate._id !== except && !candidate.fromParent)
      .map((candidate) => ({ value: candidate._id, label: candidate.name }));
    if (current && !list.some((option) => option.value === current._id))
      list.unshift({ value: current._id, label: current.name });
    return list;
  }, [rows, except, current]);
  const loading = !size.decided || (size.large ? searched.isPending : whole.isPending);

  return (
    <Select
      label="Inside another ingredient"
      placeholder={loading ? 'Loading…' : 'No parent'}
      description={
        size.large && !description
          ? `${formatCount(size.total ?? 0)} ingredients: type a name to find one faster.`
          : description
      }
      data={options}
      value={value ?? null}
      onChange={(next, option) => {
        setPickedName(option?.label ?? null);
        onChange?.(next, option);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      clearable
      limit={SEARCHED_OPTIONS}
      nothingFoundMessage={size.large && !searched.settled ? 'Searching…' : 'No ingredient found'}
      {...props}
    />
  );
}
