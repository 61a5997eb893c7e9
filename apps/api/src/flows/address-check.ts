/**
 * The address check shared by checkout (flows/checkout.ts) and the address book
 * (flows/addresses.ts); its own module so that neither imports the other's module for it (issue 11
 * item 8: no import cycles).
 */
import type { AddressInput } from '@store/contracts';
import type { Address, BaseSiteId } from '@store/domain';
import { normalizeAddress, SITES, ValidationErrors, validateAddress } from '@store/domain';

/**
 * Checks and normalises an address for a site (every bad field listed).
 * @throws 400 `ValidationErrors` (type `ValidationError`) listing each bad field
 */
export function checkAddress(site: BaseSiteId, input: AddressInput | Record<string, unknown>): Address {
  const country = SITES[site].country;
  const errors = validateAddress(input as Partial<Record<keyof Address, unknown>>, country);
  if (errors.length > 0) throw new ValidationErrors(errors);
  const a = input as Record<string, string | undefined>;
  const raw: Address = {
    firstName: a.firstName ?? '',
    lastName: a.lastName ?? '',
    line1: a.line1 ?? '',
    city: a.city ?? '',
    region: a.region ?? '',
    postalCode: a.postalCode ?? '',
    country,
  };
  if (a.line2) raw.line2 = a.line2;
  if (a.phone) raw.phone = a.phone;
  return normalizeAddress(raw);
}
