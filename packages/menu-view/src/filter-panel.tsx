/** @jsxRuntime automatic @jsxImportSource react */
import { ALLERGEN_KEYS } from '@carte/domain';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { activeFilterCount, greyedStatus, readFilterForm } from './filtering.ts';
import { allergenName } from './labelling.ts';
import type { MenuPage } from './page.ts';
import { ViewLink } from './parts.tsx';
import { menuBasePath, viewHref } from './urls.ts';
import { useWords } from './words-context.ts';

const noop = () => {};

function Chips(props: {
  legend: string;
  hint?: string;
  name: string;
  options: readonly string[];
  /** The words shown for each option (its value otherwise). */
  label?: (option: string) => string;
  selected: readonly string[];
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  if (props.options.length === 0) return null;
  const selected = new Set(props.selected.map((value) => value.toLowerCase()));
  return (
    <fieldset className="cm-fieldset">
      <legend>{props.legend}</legend>
      {props.hint ? <p className="cm-hint">{props.hint}</p> : null}
      <div className="cm-chips">
        {props.options.map((option) => (
          <label key={option} className="cm-chip">
            <input
              type="checkbox"
              name={props.name}
              value={option}
              checked={selected.has(option.toLowerCase())}
              onChange={props.onChange}
            />
            <span>{props.label ? props.label(option) : option}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The diner's filters (doc 3 §2.7): a GET form, so it works without JavaScript and the result is a
 * link to share; with JavaScript every change applies at once (`onFiltersChange`).
 */
export function FilterPanel(props: { page: MenuPage; total: number; greyed: number }) {
  const words = useWords();
  const { page } = props;
  const { choices, filters, menu, links } = page;
  const count = activeFilterCount(filters);
  // Open at first when filters are on (a shared link); afterwards the diner opens and closes it.
  const [openAtFirst] = useState(count > 0);
  if (!choices) return null;
  const apply = page.onFiltersChange;
  const handleChange = apply
    ? (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
        const form = event.currentTarget.form;
        if (!form) return;
        const next = readFilterForm(form);
        apply(next, viewHref({ kind: 'menu', menuId: menu._id }, links, next));
      }
    : noop;
  // With JavaScript the choices already apply as they change: "Apply" only folds the panel away.
  const handleSubmit = apply
    ? (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        const details = event.currentTarget.closest('details');
        if (details) details.open = false;
      }
    : undefined;
  const idBase = `cm-filters-${menu._id}`;
  return (
    <section className="cm-filterbar" aria-label={words.filters}>
      <details className="cm-filters" open={openAtFirst}>
        <summary>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M3 5h18M6 12h12M10 19h4" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
          <span>{choices.title.trim() || words.filters}</span>
          {count > 0 ? <span className="cm-count">{count}</span> : null}
        </summary>
        <form method="get" action={menuBasePath(links)} onSubmit={handleSubmit} className="cm-filter-form">
          <input type="hidden" name="menu" value={menu._id} />
          {choices.description.trim() ? <p className="cm-hint">{choices.description}</p> : null}
          {choices.allergens ? (
            <Chips
              legend={words.avoidAllergens}
              name="allergen"
              options={ALLERGEN_KEYS}
              label={(key) => allergenName(key as (typeof ALLERGEN_KEYS)[number], words)}
              selected={filters.allergens}
              onChange={handleChange}
            />
          ) : null}
          <Chips
            legend={words.filterDiets}
            name="diet"
            options={choices.diets}
            label={words.label}
            selected={filters.diets}
            onChange={handleChange}
          />
          <Chips
            legend={words.filterAvoid}
            name="avoid"
            options={choices.foodTypes}
            label={words.label}
            selected={filters.foodTypes}
            onChange={handleChange}
          />
          <Chips
            legend={words.filterPreferences}
            name="f"
            options={choices.customFilters}
            label={words.label}
            selected={filters.customFilters}
            onChange={handleChange}
          />
          {choices.sorts.length > 0 ? (
            <div className="cm-sort">
              <label htmlFor={`${idBase}-sort`}>{words.sortBy}</label>
              <select id={`${idBase}-sort`} name="sort" value={filters.sort ?? ''} onChange={handleChange}>
                <option value="">{words.sortMenuOrder}</option>
                {choices.sorts.map((sort) => (
                  <option key={sort} value={sort}>
                    {words.sortLabels[sort]}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div className="cm-filter-actions">
            <button type="submit" className="cm-apply">
              {words.apply}
            </button>
            {count > 0 ? (
              <ViewLink page={page} to={{ kind: 'menu', menuId: menu._id }} className="cm-clear">
                {words.clearFilters}
              </ViewLink>
            ) : null}
          </div>
        </form>
      </details>
      <p className="cm-status" role="status">
        {greyedStatus(filters, props.greyed, props.total, words)}
      </p>
    </section>
  );
}
