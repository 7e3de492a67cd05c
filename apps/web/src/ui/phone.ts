import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';

/** Default phone country US, code +1 (doc 2 §9, doc 3 §9). */
export const DEFAULT_COUNTRY: CountryCode = 'US';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

export interface CountryOption {
  value: CountryCode;
  /** What the closed select shows: "US +1". */
  label: string;
  name: string;
}

export const countryOptions: CountryOption[] = getCountries()
  .map((code) => ({
    value: code,
    label: `${code} +${getCountryCallingCode(code)}`,
    name: regionNames.of(code) ?? code,
  }))
  .sort((a, b) => a.name.localeCompare(b.name));

export const countryName = new Map(countryOptions.map((option) => [option.value, option.name]));

/**
 * Country + national number → E.164 for the API. An empty number stays empty (the field is optional);
 * a number that does not parse is still sent with its prefix so the domain schema reports it.
 */
export function composePhone(country: string, national: string): string {
  const digits = national.replace(/[^\d]/g, '');
  if (!digits) return '';
  const code = country as CountryCode;
  const parsed = parsePhoneNumberFromString(national, code);
  if (parsed?.isValid()) return parsed.number;
  return `+${getCountryCallingCode(code)}${digits}`;
}

/** E.164 from the server → the two inputs. */
export function splitPhone(phone: string | null | undefined): { country: CountryCode; national: string } {
  if (!phone) return { country: DEFAULT_COUNTRY, national: '' };
  const parsed = parsePhoneNumberFromString(phone);
  if (!parsed) return { country: DEFAULT_COUNTRY, national: phone };
  return { country: parsed.country ?? DEFAULT_COUNTRY, national: parsed.formatNational() };
}
