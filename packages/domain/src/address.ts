/**
 * Addresses and contact validation (spec §5, issue 2 checkout): US states, Canadian provinces,
 * email, ZIP and postal-code formats. Messages are English; the storefront translates by `reason`.
 */
import type { FieldError } from './errors.ts';
import type { Lang, LocalizedText } from './sites.ts';

/** The 50 US states, the District of Columbia and Puerto Rico (ISO 3166-2 subdivision codes). */
export const US_STATES: ReadonlyArray<{ code: string; name: string }> = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'DC', name: 'District of Columbia' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'PR', name: 'Puerto Rico' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
];

/** The 13 Canadian provinces and territories, names in English and French. */
export const CA_PROVINCES: ReadonlyArray<{ code: string; name: LocalizedText }> = [
  { code: 'AB', name: { en: 'Alberta', fr: 'Alberta' } },
  { code: 'BC', name: { en: 'British Columbia', fr: 'Colombie-Britannique' } },
  { code: 'MB', name: { en: 'Manitoba', fr: 'Manitoba' } },
  { code: 'NB', name: { en: 'New Brunswick', fr: 'Nouveau-Brunswick' } },
  { code: 'NL', name: { en: 'Newfoundland and Labrador', fr: 'Terre-Neuve-et-Labrador' } },
  { code: 'NS', name: { en: 'Nova Scotia', fr: 'Nouvelle-Écosse' } },
  { code: 'NT', name: { en: 'Northwest Territories', fr: 'Territoires du Nord-Ouest' } },
  { code: 'NU', name: { en: 'Nunavut', fr: 'Nunavut' } },
  { code: 'ON', name: { en: 'Ontario', fr: 'Ontario' } },
  { code: 'PE', name: { en: 'Prince Edward Island', fr: 'Île-du-Prince-Édouard' } },
  { code: 'QC', name: { en: 'Quebec', fr: 'Québec' } },
  { code: 'SK', name: { en: 'Saskatchewan', fr: 'Saskatchewan' } },
  { code: 'YT', name: { en: 'Yukon', fr: 'Yukon' } },
];

/** US regions outside the contiguous states (no free standard shipping, business-defaults.md). */
export const CONTIGUOUS_EXCLUDED: readonly string[] = ['AK', 'HI', 'PR'];

/** Countries the stores ship to. */
export type Country = 'US' | 'CA';

/** Is `region` (upper-case ISO code) a US state/DC/PR or a Canadian province/territory? */
export function isValidRegion(country: Country, region: string): boolean {
  const list = country === 'US' ? US_STATES : CA_PROVINCES;
  return list.some((r) => r.code === region);
}

/** The regions of a country for a select box, names in the language (US names are English). */
export function regionOptions(country: Country, lang: Lang): Array<{ code: string; name: string }> {
  if (country === 'US') return US_STATES.map((s) => ({ code: s.code, name: s.name }));
  return CA_PROVINCES.map((p) => ({ code: p.code, name: p.name[lang] }));
}

/** The spec §5 email pattern: local part of letters, digits, `. _ % + -`, `@`, a domain, a TLD of ≥ 2 letters. */
export const EMAIL_PATTERN = /^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$/i;

/**
 * Email format check exactly per spec §5 ({@link EMAIL_PATTERN}, case-insensitive), unless a
 * custom pattern is supplied, in which case only that pattern decides. No trimming.
 */
export function isValidEmail(email: string, customPattern?: RegExp): boolean {
  const re = customPattern ?? EMAIL_PATTERN;
  re.lastIndex = 0; // a /g or /y pattern must not remember a previous call
  return re.test(email);
}

const US_ZIP = /^\d{5}(?:-?\d{4})?$/;
/**
 * Canada Post format A1A 1A1: D F I O Q U never appear; W and Z never start a code.
 */
const CA_POSTAL = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/;

/**
 * Postal code format: US ZIP `12345` or `12345-6789`; Canadian `A1A 1A1` with or without the
 * space, case-insensitive, letters D F I O Q U excluded and W Z not first (Canada Post).
 * Surrounding white space is ignored.
 */
export function isValidPostalCode(country: Country, code: string): boolean {
  const c = code.trim();
  return country === 'US' ? US_ZIP.test(c) : CA_POSTAL.test(c.toUpperCase());
}

/**
 * The stored form of a postal code: trimmed; Canadian upper-case with one space (`h2x1y4` →
 * `H2X 1Y4`); a 9-digit US ZIP gets its dash (`123456789` → `12345-6789`). Invalid input is
 * returned trimmed (and upper-cased for Canada) without other change.
 */
export function normalizePostalCode(country: Country, code: string): string {
  const c = code.trim();
  if (country === 'US') return /^\d{9}$/.test(c) ? `${c.slice(0, 5)}-${c.slice(5)}` : c;
  const compact = c.toUpperCase().replace(/\s+/g, '');
  return compact.length === 6 && CA_POSTAL.test(compact) ? `${compact.slice(0, 3)} ${compact.slice(3)}` : c.toUpperCase();
}

/** First letters of Canadian postal codes by province (Canada Post forward sortation areas). */
export const CA_POSTAL_FIRST_LETTERS: Readonly<Record<string, string>> = {
  NL: 'A', NS: 'B', PE: 'C', NB: 'E', QC: 'GHJ', ON: 'KLMNP', MB: 'R', SK: 'S', AB: 'T', BC: 'V', NT: 'X', NU: 'X', YT: 'Y',
};

/**
 * Does a valid Canadian postal code belong to the province (by its first letter)? Always true for
 * the US (not checked). Not enforced by {@link validateAddress}; offered for a softer warning.
 */
export function postalCodeMatchesRegion(country: Country, region: string, code: string): boolean {
  if (country === 'US') return true;
  const letters = CA_POSTAL_FIRST_LETTERS[region];
  const first = code.trim().toUpperCase()[0];
  return letters !== undefined && first !== undefined && letters.includes(first);
}

/** A shipping or billing address. `region` is the state/province ISO code (e.g. NY, QC). */
export interface Address {
  firstName: string;
  lastName: string;
  line1: string;
  line2?: string;
  city: string;
  /** state or province ISO code */
  region: string;
  postalCode: string;
  country: Country;
  phone?: string;
}

/** Maximum lengths of address fields (characters). */
export const ADDRESS_MAX_LENGTHS = { firstName: 50, lastName: 50, line1: 100, line2: 100, city: 60, phone: 25 } as const;

/**
 * Is a phone number plausible for North America: digits, spaces and `( ) + - .` only, with 10
 * digits, or 11 starting with 1.
 */
export function isValidPhone(phone: string): boolean {
  const p = phone.trim();
  if (!/^[0-9 ()+\-.]+$/.test(p)) return false;
  const digits = p.replace(/\D/g, '');
  return digits.length === 10 || (digits.length === 11 && digits.startsWith('1'));
}

const MESSAGES: Record<string, string> = {
  required: 'This field is required',
  invalid: 'This value is not valid',
  tooLong: 'This value is too long',
  invalidPostalCode: 'Enter a valid postal code',
  invalidZip: 'Enter a valid ZIP code',
  invalidRegion: 'Choose a valid state or province',
  invalidCountry: 'We do not ship to this country from this store',
  invalidPhone: 'Enter a valid phone number',
};

function str(v: unknown): string | null | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') return null;
  return v.trim();
}

/**
 * Validates an address for a destination country and lists every problem (empty when valid).
 * Subjects are the field names (`firstName`, `postalCode`, ...). Reasons: `required` (missing or
 * blank), `invalid` (not a string), `tooLong` ({@link ADDRESS_MAX_LENGTHS}), `invalidRegion`,
 * `invalidPostalCode` (US and CA), `invalidCountry` (when `country` is given and differs),
 * `invalidPhone` (optional field, checked when present). Regions are compared upper-cased;
 * values are trimmed. Messages are English.
 */
export function validateAddress(a: Partial<Record<keyof Address, unknown>> | null | undefined, country: Country): FieldError[] {
  const out: FieldError[] = [];
  const add = (subject: string, reason: string, message?: string) => out.push({ subject, reason, message: message ?? MESSAGES[reason] ?? reason });
  const src = a ?? {};
  const required = ['firstName', 'lastName', 'line1', 'city', 'region', 'postalCode'] as const;
  const values: Partial<Record<keyof Address, string>> = {};
  for (const f of required) {
    const v = str(src[f]);
    if (v === null) add(f, 'invalid');
    else if (v === undefined || v === '') add(f, 'required');
    else values[f] = v;
  }
  for (const f of ['line2', 'phone'] as const) {
    const v = str(src[f]);
    if (v === null) add(f, 'invalid');
    else if (v) values[f] = v;
  }
  for (const [f, max] of Object.entries(ADDRESS_MAX_LENGTHS) as Array<[keyof typeof ADDRESS_MAX_LENGTHS, number]>) {
    const v = values[f];
    if (v !== undefined && v.length > max) add(f, 'tooLong', `This value is too long (at most ${max} characters)`);
  }
  const c = str(src.country);
  if (c === null || (c !== undefined && c !== '' && c.toUpperCase() !== country)) add('country', 'invalidCountry');
  if (values.region !== undefined && !isValidRegion(country, values.region.toUpperCase())) add('region', 'invalidRegion');
  if (values.postalCode !== undefined && !isValidPostalCode(country, values.postalCode)) {
    add('postalCode', 'invalidPostalCode', country === 'US' ? MESSAGES.invalidZip : MESSAGES.invalidPostalCode);
  }
  if (values.phone !== undefined && !isValidPhone(values.phone)) add('phone', 'invalidPhone');
  return out;
}

/**
 * The stored form of a valid address: strings trimmed, region upper-cased, postal code
 * normalised ({@link normalizePostalCode}), empty optional fields dropped, `country` set.
 */
export function normalizeAddress(a: Address): Address {
  const out: Address = {
    firstName: a.firstName.trim(),
    lastName: a.lastName.trim(),
    line1: a.line1.trim(),
    city: a.city.trim(),
    region: a.region.trim().toUpperCase(),
    postalCode: normalizePostalCode(a.country, a.postalCode),
    country: a.country,
  };
  const line2 = a.line2?.trim();
  if (line2) out.line2 = line2;
  const phone = a.phone?.trim();
  if (phone) out.phone = phone;
  return out;
}
