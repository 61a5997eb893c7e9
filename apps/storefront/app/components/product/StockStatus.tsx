/** Stock status text of a variant (spec §3 stock.stockLevelStatus). */
import type { StockLevelStatus } from '@store/domain';
import { useT } from '../../lib/use-t.ts';

export function StockStatus({ status }: { status: StockLevelStatus }) {
  const t = useT();
  const key = status === 'inStock' ? 'product.inStock' : status === 'lowStock' ? 'product.lowStock' : 'product.outOfStock';
  return (
    <p className={`stock stock-${status}`}>
      <span className="stock-dot" aria-hidden="true" />
      {t(key)}
    </p>
  );
}
