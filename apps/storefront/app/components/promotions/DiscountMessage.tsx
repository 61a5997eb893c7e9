/**
 * The role-based discount message of spec §6 (issue 4, ADR 0010 "Discount message"): the server
 * picks the member text (a listed role) or the percentage text (the number with 2 decimals);
 * after hydration, on the main brand, a visitor whose local storage holds the configured flag set
 * to "true" sees the member text too. The server-rendered HTML always shows the server's choice
 * (no hydration mismatch); the switch happens in an effect.
 */
import { useEffect, useState } from 'react';
import type { DiscountMessage as DiscountMessageData } from '@store/contracts';

/** Does this browser's local storage mark the visitor as a member (spec §6)? Never throws. */
export function hasMemberFlag(storage: Pick<Storage, 'getItem'> | null | undefined, flag: string): boolean {
  if (!storage || !flag) return false;
  try {
    return storage.getItem(flag) === 'true';
  } catch {
    return false;
  }
}

/**
 * The message (nothing when the chosen text is empty). Issue 12: `joinHref` (the Perks page, when
 * the site runs Perks) makes the percentage message a link to join — the promise leads somewhere.
 */
export function DiscountMessage({ message, joinHref }: { message: DiscountMessageData; joinHref?: string | null | undefined }) {
  const [member, setMember] = useState(message.variant === 'member');
  useEffect(() => {
    setMember(message.variant === 'member');
    if (message.variant !== 'member' && message.mainBrand && hasMemberFlag(safeLocalStorage(), message.localStorageFlag)) setMember(true);
  }, [message]);
  const text = (member ? message.memberText : message.percentText).trim();
  if (!text) return null;
  return (
    <p className="discount-message" data-variant={member ? 'member' : 'percent'} data-testid="discount-message">
      <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
        <path d="M10.6 2.5H17.5v6.9l-8 8-6.9-6.9z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
        <circle cx="14" cy="6" r="1.4" fill="currentColor" />
      </svg>
      {joinHref && !member ? <a href={joinHref}>{text}</a> : <span>{text}</span>}
    </p>
  );
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
