/**
 * Turning API failures into page answers: an unknown code is a 404 page, a discontinued product
 * a 302 to the discontinued-items page (spec §2, §8); anything else propagates to the error
 * boundary (status 500).
 */
import { isApiError } from '@store/contracts';
import { data, redirect } from 'react-router';

/** The 404 answer thrown by loaders (rendered by the root error boundary as the 404 page). */
export function notFound(): never {
  throw data(null, { status: 404 });
}

/** Rethrows an API error of a catalogue lookup as the page answer. */
export function rethrowLookupError(error: unknown, discontinuedPath: string): never {
  if (isApiError(error)) {
    const reasons = error.errors.map((e) => e.reason ?? e.type);
    if (reasons.includes('discontinued') || error.message.includes('/discontinued-items')) {
      throw redirect(discontinuedPath, 302);
    }
    if (error.status === 404 || error.status === 400) notFound();
  }
  throw error;
}
