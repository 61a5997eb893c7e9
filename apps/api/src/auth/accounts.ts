/**
 * Customer account flows (issue 3, ADR 0007): sign-up, profile, change password, forgot and
 * reset password. Route handlers (routes/users.ts, routes/password-reset.ts) call these; the
 * CUSTOMER-API guest-to-account flow can call {@link signUpCustomer} too.
 *
 * Errors are DomainErrors (mapped to HTTP in plugins/errors.ts):
 * - invalid fields → 400 `ValidationError` listing every bad field (`invalidEmail`, `missing`,
 *   `tooLong`, and the password policy reasons of passwords.ts);
 * - duplicate email on sign-up → 409 `DuplicateUidError` reason `duplicateUid` (ADR 0007);
 * - wrong old password → 400 `PasswordMismatchError` reason `wrongPassword`;
 * - unusable reset token → 400 `InvalidTokenError` reason `invalidResetToken`.
 */
import {
  findCustomerById,
  findCustomerCredentials,
  findPasswordResetToken,
  insertCustomer,
  invalidateCustomerResetTokens,
  consumePasswordResetToken,
  insertPasswordResetToken,
  normalizeEmail,
  revokeCustomerRefreshTokens,
  setCustomerPasswordHash,
  withTransaction,
  type CustomerRecord,
  type DbHandle,
} from '@store/db';
import { ValidationErrors, conflict, invalidInput, isValidEmail, notFound, type FieldError } from '@store/domain';
import { checkPasswordPolicy, hashPassword, verifyPassword } from './passwords.ts';
import { hashOpaqueToken, newOpaqueToken } from './tokens.ts';

/** Longest first or last name, characters. */
export const NAME_MAX_LENGTH = 100;
/** Longest email, characters (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;
/** How long a reset link works, seconds (1 hour). */
export const RESET_TOKEN_TTL_S = 3600;

/** The customer as the API answers it (`GET users/current`). */
export interface CustomerView {
  customerId: string;
  /** the login id: the lower-cased email (OCC `uid`) */
  uid: string;
  email: string;
  firstName: string;
  lastName: string;
  /** "First Last" */
  name: string;
  perksOptIn: boolean;
  /** spec §3 is{product}Employee */
  isBrewhausEmployee: boolean;
  /** spec §6 roles */
  roles: string[];
}

/** The API view of a customer record. */
export function customerView(c: CustomerRecord): CustomerView {
  return {
    customerId: c.id,
    uid: c.email,
    email: c.email,
    firstName: c.firstName,
    lastName: c.lastName,
    name: `${c.firstName} ${c.lastName}`.trim(),
    perksOptIn: c.perksOptIn,
    isBrewhausEmployee: c.isEmployee,
    roles: c.roles,
  };
}

/** Field errors of an email (spec §5 format, length). */
export function emailErrors(email: string, subject = 'email'): FieldError[] {
  if (email === '') return [{ subject, reason: 'missing', message: 'Email is required' }];
  if (email.length > EMAIL_MAX_LENGTH || !isValidEmail(email)) return [{ subject, reason: 'invalidEmail', message: 'Enter a valid email address' }];
  return [];
}

function nameErrors(value: string, subject: string, label: string): FieldError[] {
  if (value === '') return [{ subject, reason: 'missing', message: `${label} is required` }];
  if (value.length > NAME_MAX_LENGTH) return [{ subject, reason: 'tooLong', message: `${label} must be at most ${NAME_MAX_LENGTH} characters` }];
  return [];
}

/** Input of {@link signUpCustomer}. */
export interface SignUpInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  perksOptIn?: boolean;
}

/**
 * Creates an account: validates every field (spec §5 email, names, password policy), hashes the
 * password (argon2id) and inserts the customer.
 * @throws ValidationErrors (400) listing every bad field; Conflict `DuplicateUidError` (409)
 */
export async function signUpCustomer(dbh: DbHandle, input: SignUpInput, now = new Date()): Promise<CustomerRecord> {
  const email = normalizeEmail(input.email);
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  const errors = [
    ...emailErrors(email),
    ...checkPasswordPolicy(input.password, email),
    ...nameErrors(firstName, 'firstName', 'First name'),
    ...nameErrors(lastName, 'lastName', 'Last name'),
  ];
  if (errors.length > 0) throw new ValidationErrors(errors);
  const passwordHash = await hashPassword(input.password);
  const created = await insertCustomer(dbh.db, {
    email,
    passwordHash,
    firstName,
    lastName,
    perksOptIn: input.perksOptIn ?? false,
    now: now.toISOString(),
  });
  if (!created) throw conflict('DuplicateUidError', 'duplicateUid', 'An account already exists for this email address', 'email');
  return created;
}

/** Profile changes (`PATCH users/current`). */
export interface ProfilePatch {
  firstName?: string | undefined;
  lastName?: string | undefined;
  perksOptIn?: boolean | undefined;
}

/** Validates a profile patch; answers the trimmed values. @throws ValidationErrors */
export function checkProfilePatch(patch: ProfilePatch): ProfilePatch {
  const out: ProfilePatch = {};
  const errors: FieldError[] = [];
  if (patch.firstName !== undefined) {
    out.firstName = patch.firstName.trim();
    errors.push(...nameErrors(out.firstName, 'firstName', 'First name'));
  }
  if (patch.lastName !== undefined) {
    out.lastName = patch.lastName.trim();
    errors.push(...nameErrors(out.lastName, 'lastName', 'Last name'));
  }
  if (patch.perksOptIn !== undefined) out.perksOptIn = patch.perksOptIn;
  if (errors.length > 0) throw new ValidationErrors(errors);
  return out;
}

/**
 * Changes a customer's password: the old one must match; the new one must pass the policy.
 * Revokes every refresh token family except `keepSessionId` (the session that asked), and every
 * unused reset link.
 * @throws PasswordMismatchError (400), ValidationErrors (400), NotFound (404) for an unknown customer
 */
export async function changeCustomerPassword(
  dbh: DbHandle,
  customerId: string,
  input: { oldPassword: string; newPassword: string },
  keepSessionId: string | null,
  now = new Date(),
): Promise<void> {
  const creds = await findCustomerCredentials(dbh.db, { id: customerId });
  if (!creds) throw notFound('UnknownIdentifierError', 'notFound', 'Customer not found');
  if (!(await verifyPassword(creds.passwordHash, input.oldPassword))) {
    throw invalidInput('PasswordMismatchError', 'wrongPassword', 'The current password is incorrect', 'oldPassword');
  }
  const errors = checkPasswordPolicy(input.newPassword, creds.customer.email, 'newPassword');
  if (errors.length > 0) throw new ValidationErrors(errors);
  const passwordHash = await hashPassword(input.newPassword);
  const iso = now.toISOString();
  await withTransaction(dbh, async (trx) => {
    await setCustomerPasswordHash(trx, customerId, passwordHash, iso);
    await revokeCustomerRefreshTokens(trx, customerId, keepSessionId ?? undefined);
    await invalidateCustomerResetTokens(trx, customerId, iso);
  });
}

/** What a forgot-password request produced: the token to email, or nothing (unknown email). */
export interface ResetRequest {
  customer: CustomerRecord;
  /** raw token, only for the email */
  token: string;
}

/**
 * Creates a reset token for the account of `email`, when there is one; older unused links of
 * the account stop working. Does the same work (random token, hash, one write statement)
 * whether or not the account exists, so the answer time does not tell (no enumeration).
 */
export async function createPasswordReset(dbh: DbHandle, email: string, now = new Date()): Promise<ResetRequest | null> {
  const token = newOpaqueToken();
  const tokenHash = hashOpaqueToken(token);
  const iso = now.toISOString();
  const customer = await findCustomerCredentials(dbh.db, { email }).then((c) => c?.customer ?? null);
  return withTransaction(dbh, async (trx) => {
    // for an unknown email the same UPDATE runs and touches no row
    await invalidateCustomerResetTokens(trx, customer?.id ?? 'cu_none', iso);
    if (!customer) return null;
    await insertPasswordResetToken(trx, { tokenHash, customerId: customer.id, expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_S * 1000).toISOString() });
    return { customer, token };
  });
}

/**
 * Sets a new password with a reset token: the token must exist, be unused and unexpired (it is
 * used up by one conditional update, so it works once); the password must pass the policy.
 * Revokes every refresh token of the customer and every other reset link.
 * @throws InvalidTokenError (400, reason invalidResetToken), ValidationErrors (400)
 */
export async function resetPasswordWithToken(dbh: DbHandle, token: string, newPassword: string, now = new Date()): Promise<CustomerRecord> {
  const invalid = () => invalidInput('InvalidTokenError', 'invalidResetToken', 'This password reset link is invalid or has expired', 'token');
  const tokenHash = hashOpaqueToken(token);
  const iso = now.toISOString();
  const stored = await findPasswordResetToken(dbh.db, tokenHash);
  const customer = stored ? await findCustomerById(dbh.db, stored.customerId) : null;
  if (!stored || !customer || stored.usedAt !== null || stored.expiresAt <= iso) {
    throw invalid();
  }
  const errors = checkPasswordPolicy(newPassword, customer.email, 'newPassword');
  if (errors.length > 0) throw new ValidationErrors(errors);
  const passwordHash = await hashPassword(newPassword);
  const ok = await withTransaction(dbh, async (trx) => {
    const customerId = await consumePasswordResetToken(trx, tokenHash, iso);
    if (customerId !== customer.id) return false;
    await setCustomerPasswordHash(trx, customerId, passwordHash, iso);
    await revokeCustomerRefreshTokens(trx, customerId);
    await invalidateCustomerResetTokens(trx, customerId, iso);
    return true;
  });
  if (!ok) throw invalid();
  return customer;
}
