/**
 * What the storefront handler (server/handler.ts) hands to every loader and action as React
 * Router's `context` (AppLoadContext). Built once per request by the handler; it carries the
 * process-wide token provider and configuration, never request data of another shopper.
 */
import type { HostConfig } from '@store/domain';

/** A fetch function: the global one, or the API server's in-process `app.inject` adapter. */
export type ApiFetch = (input: string, init?: RequestInit) => Promise<Response>;

/** The storefront part of the load context. */
export interface StorefrontLoadContext {
  /**
   * reaches the commerce API (in-process or over HTTP); per request, it sends the shopper's
   * address as `X-Forwarded-For` (ADR 0012)
   */
  apiFetch: ApiFetch;
  /**
   * `apiFetch` is the API's direct in-process transport: API clients built on it pass
   * `direct: true` (bodies as objects, issue 11 item 3). Absent: HTTP.
   */
  apiDirect?: boolean;
  /** the shopper's address as the server decided it (forwarded headers only from trusted proxies) */
  clientAddress?: string;
  /** absolute base URL of the API, up to and including `/rest/v2` */
  apiBaseUrl: string;
  /** brand and apex hosts (spec §1, §2) */
  hosts: HostConfig;
  /** the machine-to-machine bearer token (client_credentials), cached by the handler */
  getToken: () => Promise<string>;
  /** forgets the cached token (after a 401) */
  invalidateToken: () => void;
  /** the CSP nonce of this response (inline scripts of React Router) */
  nonce: string;
  /** whether the dev-only pages (crash test, outbox) are on */
  devPages: boolean;
}

declare module 'react-router' {
  interface AppLoadContext {
    storefront: StorefrontLoadContext;
  }
}
