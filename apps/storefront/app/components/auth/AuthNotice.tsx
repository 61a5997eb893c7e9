/** The one-shot notice after a sign-in redirect (signed in, signed out, quantities capped ...). */
import type { MessageKey } from '../../i18n/index.ts';
import type { ShellAuthNotice } from '../../lib/auth/shell-auth.ts';
import { useT } from '../../lib/use-t.ts';

/** A status banner under the header; nothing when there is no notice. */
export function AuthNoticeBanner({ notice }: { notice: ShellAuthNotice | null }) {
  const t = useT();
  if (!notice) return null;
  const warn = notice === 'quantityCapped' || notice === 'sessionExpired';
  return (
    <div className="container">
      <div className={`auth-notice${warn ? ' auth-notice-warn' : ''}`} role="status" data-notice={notice}>
        {t(`auth.notice.${notice}` as MessageKey)}
      </div>
    </div>
  );
}
