/**
 * Security headers of every storefront response: a Content-Security-Policy whose script-src
 * allows React Router's inline scripts by nonce, `frame-ancestors 'none'`, no MIME sniffing and
 * a strict referrer policy.
 */
import { randomBytes } from 'node:crypto';

/** A fresh base64 nonce (128 bits). */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

/** The Content-Security-Policy of an HTML page rendered with `nonce`. */
export function contentSecurityPolicy(nonce: string): string {
  return policyWithScripts([`'nonce-${nonce}'`]);
}

/**
 * The Content-Security-Policy of a page served from the page cache (issue 11 item 4, ADR 0019):
 * its inline scripts allowed by their SHA-256 hashes (`'sha256-…'` sources), so one render's
 * nonce is never handed to other visitors.
 */
export function contentSecurityPolicyWithHashes(hashSources: readonly string[]): string {
  return policyWithScripts(hashSources);
}

function policyWithScripts(sources: readonly string[]): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...sources].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** `Strict-Transport-Security` of answers served over HTTPS: one year, subdomains included. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * Adds the security headers to a response's headers (in place). The CSP is added to HTML
 * answers only (assets need none); `Strict-Transport-Security` when `https` (the request came
 * over HTTPS, directly or through a trusted proxy: issue 9 item 7); headers already set by a
 * route are kept.
 */
export function applySecurityHeaders(headers: Headers, nonce: string, https = false): void {
  if (https) headers.set('Strict-Transport-Security', HSTS_VALUE);
  if (!headers.has('X-Content-Type-Options')) headers.set('X-Content-Type-Options', 'nosniff');
  if (!headers.has('Referrer-Policy')) headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  if (!headers.has('X-Frame-Options')) headers.set('X-Frame-Options', 'DENY');
  const type = headers.get('Content-Type') ?? '';
  if (type.includes('text/html') && !headers.has('Content-Security-Policy')) {
    headers.set('Content-Security-Policy', contentSecurityPolicy(nonce));
  }
}
