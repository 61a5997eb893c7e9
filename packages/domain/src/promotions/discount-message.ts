/**
 * The role-based discount message (spec §6, §9 "Discount shown with 2 decimals"; issue 4;
 * ADR 0010 "Discount message"). Site configuration keys: `discountMessage.roles` (comma list),
 * `discountMessage.localStorageFlag`, `discountMessage.percent`, `discountMessage.memberText.{en,fr}`,
 * `discountMessage.percentText.{en,fr}` (a template containing `{percent}`).
 */
import type { Lang } from '../sites.ts';
import { fixFrenchTypography } from '../typography.ts';

const DECIMAL_RE = /^(\d+)(?:[.,](\d*))?$/;

/**
 * Formats a decimal percentage string with exactly 2 decimals in the language's format:
 * `"25"` → `"25.00"` (en) / `"25,00"` (fr); `"12.5"` → `"12.50"` / `"12,50"`. More decimals are
 * rounded half-up on the digits themselves (BigInt, no float): `"12.345"` → `"12.35"`,
 * `"0.125"` → `"0.13"`, `"99.995"` → `"100.00"`. Accepts `.` or `,` as the decimal separator and
 * surrounding spaces; no grouping separators are emitted.
 * @throws RangeError when `percent` is not a non-negative decimal number (a configuration error)
 */
export function formatPercent2(percent: string, lang: Lang): string {
  const m = DECIMAL_RE.exec(typeof percent === 'string' ? percent.trim() : '');
  if (!m) throw new RangeError(`formatPercent2: not a non-negative decimal number: ${String(percent)}`);
  const intPart = m[1] ?? '0';
  const frac = m[2] ?? '';
  const two = (frac + '00').slice(0, 2);
  const third = frac.length > 2 ? Number(frac[2]) : 0;
  let hundredths = BigInt(intPart) * 100n + BigInt(two);
  if (third >= 5) hundredths += 1n;
  const whole = (hundredths / 100n).toString();
  const cents = (hundredths % 100n).toString().padStart(2, '0');
  return `${whole}${lang === 'fr' ? ',' : '.'}${cents}`;
}

/** Input of {@link resolveDiscountMessage}. */
export interface DiscountMessageInput {
  /** roles of the signed-in profile ([] when anonymous) */
  profileRoles: readonly string[];
  /** `discountMessage.roles`: a comma list; items are trimmed and compared case-insensitively */
  configuredRoles: string;
  /** the storefront found the configured local-storage flag (client side only; false on the server) */
  hasLocalStorageFlag: boolean;
  /** the current site is the main brand (usb2c) */
  isMainBrand: boolean;
  /** `discountMessage.percent`, a decimal string such as "25" or "12.5" */
  percent: string;
  /** `discountMessage.memberText.{lang}` */
  memberText: string;
  /** `discountMessage.percentText.{lang}`, containing `{percent}` */
  percentTemplate: string;
  lang: Lang;
}

/** The message to show and both candidate texts. */
export interface DiscountMessage {
  variant: 'member' | 'percent';
  /** the text to show (one of the two below) */
  text: string;
  memberText: string;
  /** the template with every `{percent}` replaced by {@link formatPercent2} */
  percentText: string;
}

/** Does any profile role appear in the configured comma list (trimmed, case-insensitive)? */
export function hasListedRole(profileRoles: readonly string[], configuredRoles: string): boolean {
  const listed = new Set(
    configuredRoles
      .split(',')
      .map((r) => r.trim().toLowerCase())
      .filter((r) => r !== ''),
  );
  return profileRoles.some((r) => listed.has(r.trim().toLowerCase()));
}

/**
 * Chooses the discount message (spec §6): the text-only member message when on the main brand AND
 * (the local-storage flag is set OR a profile role is in the configured list); otherwise the
 * percentage message, `{percent}` replaced by the number with exactly 2 decimals in the
 * language's format ({@link formatPercent2}). French texts come out with French typography
 * ({@link fixFrenchTypography}: the configured texts are the merchant's, issue 9 item 12).
 * @throws RangeError when `percent` is not a decimal number (configuration error)
 */
export function resolveDiscountMessage(input: DiscountMessageInput): DiscountMessage {
  const formatted = formatPercent2(input.percent, input.lang);
  const typeset = (text: string): string => (input.lang === 'fr' ? fixFrenchTypography(text) : text);
  const percentText = typeset(input.percentTemplate.split('{percent}').join(formatted));
  const memberText = typeset(input.memberText);
  const member = input.isMainBrand && (input.hasLocalStorageFlag || hasListedRole(input.profileRoles, input.configuredRoles));
  return {
    variant: member ? 'member' : 'percent',
    text: member ? memberText : percentText,
    memberText,
    percentText,
  };
}
