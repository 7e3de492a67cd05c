import { TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** Whether any of the texts contains the search, ignoring case and surrounding spaces. */
export function matchesSearch(search: string, ...texts: (string | null | undefined)[]): boolean {
  const needle = search.trim().toLowerCase();
  return !needle || texts.some((text) => text?.toLowerCase().includes(needle));
}

interface SearchInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'placeholder'> {
  /** Shown as the placeholder and read as the field's name ("Search dishes"). */
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** The search field above tables and in pickers: a magnifier, the label as placeholder and name. */
export function SearchInput({ label, value, onChange, size, ...props }: SearchInputProps) {
  return (
    <TextInput
      size={size}
      placeholder={label}
      aria-label={label}
      leftSection={<IconSearch size={size === 'xs' ? 14 : 16} />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      {...props}
    />
  );
}
