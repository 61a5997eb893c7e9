/**
 * Customer accounts (issue 3, spec §3 Customer data, §6 roles). Emails are stored lower-cased and
 * unique; the password hash (argon2id PHC string, made by the API) never leaves this module
 * except through {@link findCustomerCredentials}.
 */
import { randomBytes } from 'node:crypto';
import type { Executor } from '../connection.ts';
import type { CustomerTable } from '../schema.ts';

/** A customer as the API sees it (no password hash). */
export interface CustomerRecord {
  /** 'cu_' + 24 hex characters */
  id: string;
  /** lower-cased */
  email: string;
  firstName: string;
  lastName: string;
  perksOptIn: boolean;
  isEmployee: boolean;
  roles: string[];
  /** issue 4: price group (price_lists.group_code) set by an operator, or null */
  priceGroup: string | null;
  /** issue 4: user group (price_lists.group_code) set by an operator, or null */
  userGroup: string | null;
  /** ISO-8601 UTC */
  createdAt: string;
  updatedAt: string;
}

/** Input of {@link insertCustomer}. */
export interface NewCustomer {
  /** any case; stored lower-cased and trimmed */
  email: string;
  /** argon2id PHC string */
  passwordHash: string;
  firstName: string;
  lastName: string;
  perksOptIn?: boolean;
  isEmployee?: boolean;
  roles?: string[];
  priceGroup?: string | null;
  userGroup?: string | null;
  /** ISO-8601 UTC */
  now: string;
}

/** A new customer id: 'cu_' + 24 random hex characters. */
export function newCustomerId(): string {
  return `cu_${randomBytes(12).toString('hex')}`;
}

/** The canonical form of an email (trimmed, lower-cased): what the unique index compares. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function toRecord(row: Omit<CustomerTable, 'password_hash'>): CustomerRecord {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    perksOptIn: row.perks_opt_in === 1,
    isEmployee: Number(row.is_employee) === 1,
    priceGroup: row.price_group ?? null,
    userGroup: row.user_group ?? null,
    roles: row.roles.split(',').filter(Boolean),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const PUBLIC_COLUMNS = ['id', 'email', 'first_name', 'last_name', 'perks_opt_in', 'is_employee', 'roles', 'price_group', 'user_group', 'created_at', 'updated_at'] as const;

/**
 * Creates a customer. Answers the new record, or null when the email is already taken (the
 * unique index decides, so two concurrent sign-ups with one email give one account).
 */
export async function insertCustomer(db: Executor, input: NewCustomer): Promise<CustomerRecord | null> {
  const row: CustomerTable = {
    id: newCustomerId(),
    email: normalizeEmail(input.email),
    password_hash: input.passwordHash,
    first_name: input.firstName,
    last_name: input.lastName,
    perks_opt_in: input.perksOptIn ? 1 : 0,
    is_employee: input.isEmployee ? 1 : 0,
    roles: (input.roles ?? []).join(','),
    price_group: input.priceGroup ?? null,
    user_group: input.userGroup ?? null,
    created_at: input.now,
    updated_at: input.now,
  };
  const result = await db
    .insertInto('customers')
    .values(row)
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) !== 1) return null;
  const { password_hash: _hash, ...rest } = row;
  return toRecord(rest);
}

/** A customer by id, or null. */
export async function findCustomerById(db: Executor, id: string): Promise<CustomerRecord | null> {
  const row = await db.selectFrom('customers').select(PUBLIC_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** A customer by email (any case), or null. */
export async function findCustomerByEmail(db: Executor, email: string): Promise<CustomerRecord | null> {
  const row = await db.selectFrom('customers').select(PUBLIC_COLUMNS).where('email', '=', normalizeEmail(email)).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** A customer and its password hash, by email (any case) or by id; null when unknown. */
export async function findCustomerCredentials(
  db: Executor,
  by: { email: string } | { id: string },
): Promise<{ customer: CustomerRecord; passwordHash: string } | null> {
  let query = db.selectFrom('customers').select([...PUBLIC_COLUMNS, 'password_hash']);
  query = 'email' in by ? query.where('email', '=', normalizeEmail(by.email)) : query.where('id', '=', by.id);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const { password_hash: passwordHash, ...rest } = row;
  return { customer: toRecord(rest), passwordHash };
}

/** Profile fields a customer may change. */
export interface CustomerProfilePatch {
  firstName?: string;
  lastName?: string;
  perksOptIn?: boolean;
}

/** Updates profile fields; answers the new record, or null when the customer does not exist. */
export async function updateCustomerProfile(db: Executor, id: string, patch: CustomerProfilePatch, now: string): Promise<CustomerRecord | null> {
  const set: Partial<CustomerTable> = { updated_at: now };
  if (patch.firstName !== undefined) set.first_name = patch.firstName;
  if (patch.lastName !== undefined) set.last_name = patch.lastName;
  if (patch.perksOptIn !== undefined) set.perks_opt_in = patch.perksOptIn ? 1 : 0;
  await db.updateTable('customers').set(set).where('id', '=', id).execute();
  return findCustomerById(db, id);
}

/** Replaces a customer's password hash; answers whether the customer exists. */
export async function setCustomerPasswordHash(db: Executor, id: string, passwordHash: string, now: string): Promise<boolean> {
  const result = await db.updateTable('customers').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
