/**
 * The storefront's "temporarily unavailable" answer as the components see it (issue 9 item 4,
 * ADR 0013): what the root loader throws (status 503) when the API could not be reached during
 * the request, and how the root error boundary and layout recognise it. Isomorphic: the error
 * boundary also runs in the browser, where a data request answered 503 arrives as a route error
 * response without this payload.
 */
import { isRouteErrorResponse } from 'react-router';
import type { ShellData } from './shell-data.ts';

/** HTTP status of the unavailable page. */
export const UNAVAILABLE_STATUS = 503;

/** The data of the 503 route error thrown by the root loader in unavailable mode. */
export interface UnavailablePayload {
  unavailable: true;
  /** brand, language and header data of the page (no API call needed) */
  shell: ShellData;
  /** the page the shopper asked for (the "Try again" link), a same-origin path */
  retryHref: string;
}

/** True for a 503 route error (server-rendered unavailable page, or a data request answered 503 in the browser). */
export function isUnavailableError(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === UNAVAILABLE_STATUS;
}

/** The payload of a server-rendered unavailable page, or null (any other error, or none). */
export function unavailablePayloadOf(error: unknown): UnavailablePayload | null {
  if (!isUnavailableError(error)) return null;
  const data = (error as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null || (data as { unavailable?: unknown }).unavailable !== true) return null;
  return data as UnavailablePayload;
}
