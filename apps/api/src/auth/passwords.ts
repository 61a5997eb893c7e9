/**
 * Customer passwords (issue 3): argon2id hashes (@node-rs/argon2, its defaults: m=19 MiB, t=2,
 * p=1, the OWASP minimum) and the password policy.
 *
 * Policy (ADR 0007): 8 to 128 characters, at least one letter and one digit, not the account's
 * email. Each failure has a stable reason the storefront translates (en/fr):
 * `passwordTooShort`, `passwordTooLong`, `passwordTooWeak`, `passwordIsEmail`.
 */
import { hash, verify } from '@node-rs/argon2';
import type { FieldError } from '@store/domain';

/** Shortest accepted password, characters. */
export const PASSWORD_MIN_LENGTH = 8;
/** Longest accepted password, characters (bounds the hashing work). */
export const PASSWORD_MAX_LENGTH = 128;

/** The English messages of the policy by reason (the storefront has en and fr). */
export const PASSWORD_POLICY_MESSAGES = {
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  passwordTooWeak: 'Password must contain at least one letter and one digit',
  passwordIsEmail: 'Password must not be your email address',
} as const;

/** A policy failure reason. */
export type PasswordPolicyReason = keyof typeof PASSWORD_POLICY_MESSAGES;

/**
 * Checks a candidate password against the policy. Answers the failures (empty when accepted),
 * each with `subject` (the field name given), `reason` and an English `message`.
 */
export function checkPasswordPolicy(password: string, email: string | null, subject = 'password'): FieldError[] {
  const errors: FieldError[] = [];
  const add = (reason: PasswordPolicyReason) => errors.push({ subject, reason, message: PASSWORD_POLICY_MESSAGES[reason] });
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) add('passwordTooShort');
  else if (length > PASSWORD_MAX_LENGTH) add('passwordTooLong');
  if (!/\p{L}/u.test(password) || !/\p{Nd}/u.test(password)) add('passwordTooWeak');
  if (email !== null && password.trim().toLowerCase() === email.trim().toLowerCase()) add('passwordIsEmail');
  return errors;
}

/** argon2id hash (PHC string) of a password. */
export async function hashPassword(password: string): Promise<string> {
  // the library's default algorithm is argon2id (PHC prefix `$argon2id$`)
  return hash(password);
}

/** Does `password` match the PHC hash? False for a malformed hash (never throws). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the same work as a real check when there is no account (unknown email), so the answer
 * time does not tell whether an account exists. Always answers false.
 */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing-0');
  await verifyPassword(await dummyHash, password);
  return false;
}
