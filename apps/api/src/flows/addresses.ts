/**
 * The customer's address book (issue 3; spec §3 customer data): list (page size 4, page 0 by
 * default), add, replace (PUT: a full address), update (PATCH: only the fields given), delete,
 * make default. Every address is validated with the domain's `validateAddress` for the site's
 * country and every bad field is listed in one 400 `ValidationError`. Rows of another customer
 * answer 404 `UnknownIdentifierError` `addressNotFound`, exactly like unknown ids.
 *
 * Default address: the first address of a customer becomes the default; `defaultAddress: true`
 * moves the default; deleting the default makes the newest remaining address the default.
 */
import { randomBytes } from 'node:crypto';
import type { AddressBookEntry, AddressBookInput, AddressListResponse } from '@store/contracts';
import { ADDRESS_PAGE_SIZE } from '@store/contracts';
import type { AddressFields, AddressRow, Executor } from '@store/db';
import { countAddresses, deleteAddress, findAddress, insertAddress, listAddresses, newestAddress, setDefaultAddress, updateAddress, withTransaction } from '@store/db';
import type { Address, BaseSiteId, Country } from '@store/domain';
import { notFound } from '@store/domain';
import { checkAddress } from './address-check.ts';
import type { CommerceContext } from './context.ts';

/** A page request (0-based page). */
export interface PageRequest {
  currentPage?: number | undefined;
  pageSize?: number | undefined;
}

/** Page number and size with defaults applied. */
export function pageOf(req: PageRequest, defaultSize: number): { currentPage: number; pageSize: number; offset: number } {
  const currentPage = req.currentPage ?? 0;
  const pageSize = req.pageSize ?? defaultSize;
  return { currentPage, pageSize, offset: currentPage * pageSize };
}

/** The domain address of a book row. */
export function addressOfRow(row: AddressRow): Address {
  const a: Address = {
    firstName: row.first_name,
    lastName: row.last_name,
    line1: row.line1,
    city: row.city,
    region: row.region,
    postalCode: row.postal_code,
    country: row.country as Country,
  };
  if (row.line2) a.line2 = row.line2;
  if (row.phone) a.phone = row.phone;
  return a;
}

/** The answer form of a book row. */
export function addressBookEntryOf(row: AddressRow): AddressBookEntry {
  return { id: row.id, ...addressOfRow(row), defaultAddress: Number(row.is_default) === 1 };
}

function fieldsOf(a: Address): AddressFields {
  return {
    first_name: a.firstName,
    last_name: a.lastName,
    line1: a.line1,
    line2: a.line2 ?? null,
    city: a.city,
    region: a.region,
    postal_code: a.postalCode,
    country: a.country,
    phone: a.phone ?? null,
  };
}

function addressNotFound(id: string): Error {
  return notFound('UnknownIdentifierError', 'addressNotFound', `Address ${id} not found`, 'addressId');
}

/**
 * Adds a (valid, normalised) address to a customer's book inside a transaction. It becomes the
 * default when asked or when it is the customer's first address.
 */
export async function insertBookAddress(trx: Executor, customerId: string, address: Address, opts: { makeDefault: boolean }, now: string): Promise<AddressRow> {
  const first = (await countAddresses(trx, customerId)) === 0;
  const row: AddressRow = {
    id: `ad_${randomBytes(12).toString('hex')}`,
    customer_id: customerId,
    ...fieldsOf(address),
    is_default: 0,
    created_at: now,
    updated_at: now,
  };
  await insertAddress(trx, row);
  if (opts.makeDefault || first) {
    await setDefaultAddress(trx, customerId, row.id, now);
    return { ...row, is_default: 1 };
  }
  return row;
}

/** `GET /users/current/addresses?currentPage=&pageSize=` (page size 4 by default). */
export async function listBook(ctx: CommerceContext, customerId: string, page: PageRequest): Promise<AddressListResponse> {
  const { currentPage, pageSize, offset } = pageOf(page, ADDRESS_PAGE_SIZE);
  const db = ctx.dbh.db;
  const [rows, total] = await Promise.all([listAddresses(db, customerId, { limit: pageSize, offset }), countAddresses(db, customerId)]);
  return {
    addresses: rows.map(addressBookEntryOf),
    pagination: { currentPage, pageSize, totalPages: Math.ceil(total / pageSize), totalResults: total },
  };
}

/** `POST /users/current/addresses`. @throws 400 `ValidationError` listing every bad field */
export async function addBookAddress(ctx: CommerceContext, site: BaseSiteId, customerId: string, input: AddressBookInput): Promise<AddressBookEntry> {
  const { defaultAddress, ...fields } = input;
  const address = checkAddress(site, fields);
  const now = ctx.now().toISOString();
  const row = await withTransaction(ctx.dbh, (trx) => insertBookAddress(trx, customerId, address, { makeDefault: defaultAddress === true }, now));
  return addressBookEntryOf(row);
}

/**
 * `PUT /users/current/addresses/{id}` (replace: `partial` false, every field from the body) and
 * `PATCH` (update: `partial` true, the body's fields over the stored ones). The result is
 * validated as a whole.
 * @throws 404 `addressNotFound`; 400 `ValidationError` listing every bad field
 */
export async function changeBookAddress(
  ctx: CommerceContext,
  site: BaseSiteId,
  customerId: string,
  id: string,
  input: AddressBookInput,
  partial: boolean,
): Promise<AddressBookEntry> {
  const { defaultAddress, ...fields } = input;
  const now = ctx.now().toISOString();
  return withTransaction(ctx.dbh, async (trx) => {
    const existing = await findAddress(trx, customerId, id);
    if (!existing) throw addressNotFound(id);
    const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    const merged = partial ? { ...addressOfRow(existing), ...given } : given;
    const address = checkAddress(site, merged);
    await updateAddress(trx, customerId, id, fieldsOf(address), now);
    if (defaultAddress === true) await setDefaultAddress(trx, customerId, id, now);
    const row = await findAddress(trx, customerId, id);
    if (!row) throw addressNotFound(id);
    return addressBookEntryOf(row);
  });
}

/** `DELETE /users/current/addresses/{id}`. @throws 404 `addressNotFound` */
export async function deleteBookAddress(ctx: CommerceContext, customerId: string, id: string): Promise<void> {
  const now = ctx.now().toISOString();
  await withTransaction(ctx.dbh, async (trx) => {
    const existing = await findAddress(trx, customerId, id);
    if (!existing || !(await deleteAddress(trx, customerId, id))) throw addressNotFound(id);
    if (Number(existing.is_default) === 1) {
      const next = await newestAddress(trx, customerId);
      if (next) await setDefaultAddress(trx, customerId, next.id, now);
    }
  });
}

/** `PUT /users/current/addresses/{id}/default`. @throws 404 `addressNotFound` */
export async function setDefaultBookAddress(ctx: CommerceContext, customerId: string, id: string): Promise<AddressBookEntry> {
  const now = ctx.now().toISOString();
  return withTransaction(ctx.dbh, async (trx) => {
    if (!(await setDefaultAddress(trx, customerId, id, now))) throw addressNotFound(id);
    const row = await findAddress(trx, customerId, id);
    if (!row) throw addressNotFound(id);
    return addressBookEntryOf(row);
  });
}
