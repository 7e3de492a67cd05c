import { englishLanguageName, nativeLanguageName } from '@carte/domain';
import { Select, type SelectProps } from '@mantine/core';
import { useRestaurant } from '../../api/restaurants.api.ts';

/**
 * The restaurant's languages for sharing (issue 24 §6): a link, embed, QR code or card may open the
 * menu in one of them (`?lang=`). Read defensively: the restaurant answer names them once the
 * languages settings land; until then, and with one language, there is nothing to choose.
 */
export function useMenuLanguages(): string[] {
  const restaurant = useRestaurant();
  const languages = (
    restaurant.data as { languages?: { default?: unknown; others?: unknown } } | null | undefined
  )?.languages;
  if (!languages || typeof languages.default !== 'string' || !Array.isArray(languages.others)) return [];
  const others = languages.others.filter((tag): tag is string => typeof tag === 'string');
  return others.length > 0 ? [languages.default, ...others] : [];
}

/** A public address opening the menu in `lang` (none: the diner's browser chooses). */
export function withLanguage(url: string, lang: string | null | undefined): string {
  if (!lang) return url;
  return `${url}${url.includes('?') ? '&' : '?'}lang=${encodeURIComponent(lang)}`;
}

/** The language a shared link, code or card opens the menu in; "Guest's browser" by default. */
export function MenuLanguageSelect({
  languages,
  value,
  onChange,
  ...props
}: {
  languages: string[];
  value: string | null;
  onChange: (lang: string | null) => void;
} & Omit<SelectProps, 'data' | 'value' | 'onChange'>) {
  if (languages.length < 2) return null;
  return (
    <Select
      label="Menu language"
      description="The language the link, code or card opens the menu in"
      data={[
        { value: '', label: "The guest's browser language" },
        ...languages.map((tag) => ({
          value: tag,
          label: `${nativeLanguageName(tag)} (${englishLanguageName(tag)})`,
        })),
      ]}
      value={value ?? ''}
      onChange={(next) => onChange(next ? next : null)}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
