/**
 * The CSP nonce of the current server render, for React Router's inline scripts. Provided by
 * entry.server.tsx; empty in the browser (browsers hide nonces from the DOM anyway).
 */
import { createContext, useContext } from 'react';

export const NonceContext = createContext<string>('');

/** The CSP nonce of this render ('' in the browser). */
export function useNonce(): string {
  return useContext(NonceContext);
}
