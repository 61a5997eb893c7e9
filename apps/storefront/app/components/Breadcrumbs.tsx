/** Breadcrumb trail (a `nav` with `aria-current="page"` on the last item). */
import { Link } from 'react-router';
import { useT } from '../lib/use-t.ts';

export function Breadcrumbs({ items }: { items: Array<{ label: string; to?: string }> }) {
  const t = useT();
  return (
    <nav className="breadcrumbs" aria-label={t('breadcrumb.label')}>
      <ol>
        {items.map((item, i) => (
          <li key={`${i}-${item.label}`}>
            {item.to && i < items.length - 1 ? (
              <Link to={item.to}>{item.label}</Link>
            ) : (
              <span aria-current={i === items.length - 1 ? 'page' : undefined}>{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
