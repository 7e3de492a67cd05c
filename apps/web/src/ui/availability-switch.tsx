import { Switch } from '@mantine/core';

/**
 * A row's availability, switched in place (dishes, categories, ingredients). Locked (inherited) rows
 * and users without the area's permission see it but cannot switch it.
 */
export function AvailabilitySwitch({
  name,
  checked,
  disabled,
  onChange,
}: {
  /** The row's name, for the switch's name ("Al Pastor Taco available"). */
  name: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Switch
      size="sm"
      aria-label={`${name} available`}
      checked={checked}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}
