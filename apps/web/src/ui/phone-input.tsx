import { Group, Select, TextInput } from '@mantine/core';
import type { ComponentProps } from 'react';
import { countryName, countryOptions, DEFAULT_COUNTRY } from './phone.ts';

interface PhoneInputProps {
  country: string;
  onCountryChange: (country: string) => void;
  /** `form.getInputProps('phoneNational')` */
  numberProps: Omit<ComponentProps<typeof TextInput>, 'label'>;
  label?: string;
}

/** A country calling code (US +1 by default) and the number; the form composes them into E.164. */
export function PhoneInput({
  country,
  onCountryChange,
  numberProps,
  label = 'Phone number',
}: PhoneInputProps) {
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Select
        label="Country"
        w={124}
        data={countryOptions}
        value={country}
        onChange={(value) => onCountryChange(value ?? DEFAULT_COUNTRY)}
        allowDeselect={false}
        searchable
        comboboxProps={{ width: 280, position: 'bottom-start' }}
        // Search by country name too, not only by "US +1".
        filter={({ options, search }) => {
          const needle = search.trim().toLowerCase();
          if (!needle) return options;
          return options.filter((option) => {
            if (!('value' in option)) return false;
            const name = countryName.get(option.value as never) ?? '';
            return `${option.label} ${name}`.toLowerCase().includes(needle);
          });
        }}
        renderOption={({ option }) => (
          <span>
            {countryName.get(option.value as never)} <span style={{ opacity: 0.6 }}>{option.label}</span>
          </span>
        )}
      />
      <TextInput
        label={label}
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        style={{ flex: 1 }}
        {...numberProps}
      />
    </Group>
  );
}
