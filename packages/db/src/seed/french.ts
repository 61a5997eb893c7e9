/**
 * French typography of the seeded text (issue 9 item 12): every French string the seed writes
 * goes through `fixFrenchTypography` (@store/domain), so a narrow no-break space (U+202F) stands
 * before `: ; ? !` and inside `« »` however the source text was typed.
 */
import { fixFrenchTypography } from '@store/domain';

/** Apply `fixFrenchTypography` to every string of a JSON-like value (objects, arrays, strings). */
export function frenchDeep<T>(value: T): T {
  if (typeof value === 'string') return fixFrenchTypography(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => frenchDeep(v)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, frenchDeep(v)])) as T;
  }
  return value;
}

/**
 * The value with French typography applied under every `fr` key, at any depth (a catalogue's
 * `{ en, fr }` texts, a CMS component's `{ en: {...}, fr: {...} }` data). English text, codes,
 * slugs and numbers are returned as they are. Pure; returns new objects.
 */
export function withFrenchTypography<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v: unknown) => withFrenchTypography(v)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'fr' ? frenchDeep(v) : withFrenchTypography(v)])) as T;
  }
  return value;
}
