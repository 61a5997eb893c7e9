/**
 * The success snackbar (spec §4, §9): `role="status"` in an `aria-live` region, visible for
 * SNACKBAR_MS (5000 ms) and then hidden. Without JavaScript a CSS animation hides it after the
 * same delay.
 */
import { useEffect, useState } from 'react';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { SNACKBAR_MS } from '@store/domain';
import type { SnackMessage } from '../lib/cart-ui.ts';
import { useT } from '../lib/use-t.ts';

/** One snackbar; `message` null renders the empty live region (kept in the DOM so updates are announced). */
export function Snackbar({ message, serial, onClose }: { message: SnackMessage | null; serial: number; onClose: () => void }) {
  const t = useT();
  const [visible, setVisible] = useState(message !== null);
  useEffect(() => {
    if (!message) return;
    setVisible(true);
    const id = setTimeout(() => {
      setVisible(false);
      onClose();
    }, SNACKBAR_MS);
    return () => clearTimeout(id);
  }, [message, serial, onClose]);
  const show = message !== null && visible;
  return (
    <div className="snackbar-region" role="status" aria-live="polite" aria-atomic="true">
      {show ? (
        <div
          key={serial}
          className={`snackbar snackbar-${message.kind}`}
          style={{ '--snackbar-ms': `${SNACKBAR_MS}ms` } as CSSProperties}
          data-testid="snackbar"
        >
          <span className="snackbar-icon" aria-hidden="true">
            {message.kind === 'success' ? '✓' : '!'}
          </span>
          <p className="snackbar-text">{message.text}</p>
          {message.link ? (
            <Link className="snackbar-link" to={message.link.href}>
              {message.link.label}
            </Link>
          ) : null}
          <button type="button" className="snackbar-close" onClick={() => setVisible(false)} aria-label={t('snackbar.close')}>
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
