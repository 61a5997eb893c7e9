/**
 * Order status labels (spec §3 "Order-status display mapping"): an order's status goes through
 * the domain's `orderStatusDisplay` (processing → processed, partiallydelivered →
 * partially-delivered, partiallyshipped → partially-shipped; others unchanged), and the display
 * status picks the translated label `account.status.<display>`; unknown statuses read "In progress".
 */
import { orderStatusDisplay } from '@store/domain';
import type { AccountMessageKey } from '../../i18n/account.en.ts';
import { accountEn } from '../../i18n/account.en.ts';

/** The display statuses that have a label. */
export const STATUS_LABEL_KEYS = Object.keys(accountEn)
  .filter((k) => k.startsWith('account.status.') && k !== 'account.status.unknown')
  .map((k) => k.slice('account.status.'.length));

/**
 * The message key of an order status's label. `statusDisplay` (the API's mapped status) wins
 * when given; the raw status is mapped otherwise.
 */
export function statusLabelKey(status: string, statusDisplay?: string | null): AccountMessageKey {
  const display = statusDisplay && statusDisplay !== '' ? statusDisplay : orderStatusDisplay(status);
  const exact = `account.status.${display}`;
  if (Object.prototype.hasOwnProperty.call(accountEn, exact)) return exact as AccountMessageKey;
  const lower = `account.status.${orderStatusDisplay(display.toLowerCase())}`;
  if (Object.prototype.hasOwnProperty.call(accountEn, lower)) return lower as AccountMessageKey;
  return 'account.status.unknown';
}

/** A CSS modifier for the status badge: done (delivered, completed), stopped (cancelled), else active. */
export function statusTone(status: string): 'done' | 'stopped' | 'active' {
  const s = orderStatusDisplay(status).toLowerCase();
  if (s === 'delivered' || s === 'completed') return 'done';
  if (s === 'cancelled') return 'stopped';
  return 'active';
}
