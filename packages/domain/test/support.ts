/** Helpers shared by the domain tests. */
import { DomainError } from '../src/index.ts';

/** Runs `fn` and answers the DomainError it throws; fails when it throws nothing or another error. */
export function caught(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('expected a DomainError');
}
