/**
 * The placeholder of a deferred product-page block without JavaScript (issue 13, ADR 0032): a GET
 * link to the same page with `param=all`, which makes the loader render the block on the server,
 * scrolled to `anchor`. Inside `<noscript>`, so shoppers with JavaScript never see it.
 */
import { useLocation } from 'react-router';
import type { MessageKey } from '../../i18n/index.ts';
import { useT } from '../../lib/use-t.ts';

/** `param`: the query parameter (`fbt`, `oos`); `anchor`: the block's heading id; `label`: the link text's message id. */
export function NoScriptLink({ param, anchor, label }: { param: 'fbt' | 'oos'; anchor: string; label: MessageKey }) {
  const t = useT();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  search.set(param, 'all');
  return (
    <noscript>
      <p className="fbt-noscript">
        <a href={`${location.pathname}?${search.toString()}#${anchor}`}>{t(label)}</a>
      </p>
    </noscript>
  );
}
