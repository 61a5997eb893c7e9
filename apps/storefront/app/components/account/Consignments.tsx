/**
 * The shipments of an order (issue 12, ADR 0027): for each consignment, its number, when it
 * shipped, the tracking number (and carrier when known) and the order lines it holds with their
 * units. Nothing is rendered for an order that has not shipped.
 */
import type { Consignment, OrderEntry } from '@store/contracts';
import { useShell } from '../../lib/shell-data.ts';
import { useT } from '../../lib/use-t.ts';

/** The date of a shipment in the shopper's locale (store time zone, as the order date). */
function shippedDate(iso: string, locale: string): string | null {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'America/New_York' }).format(d);
}

export function Consignments({ consignments, entries, titleId }: { consignments: readonly Consignment[] | undefined; entries: readonly OrderEntry[]; titleId: string }) {
  const t = useT();
  const { locale } = useShell();
  if (!consignments || consignments.length === 0) return null;
  const byNumber = new Map(entries.map((e) => [e.entryNumber, e]));
  const label = (text: string) => t('format.labelColon', { label: text });
  return (
    <section className="confirmation-card consignments" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('account.order.shipments')}</h2>
      <ol className="consignment-list">
        {consignments.map((c, i) => {
          const date = shippedDate(c.shippedAt, locale);
          return (
            <li key={c.code} className="consignment">
              <h3>
                {t('account.order.shipment', { number: i + 1 })}{' '}
                {date ? <span className="consignment-date">{t('account.order.shippedOn', { date })}</span> : null}
              </h3>
              <dl className="consignment-tracking">
                <div>
                  <dt>{label(t('account.order.tracking'))}</dt>{' '}
                  <dd>
                    <strong>{c.trackingNumber}</strong>
                  </dd>
                </div>
                {c.carrier ? (
                  <div>
                    <dt>{label(t('account.order.carrier'))}</dt>{' '}
                    <dd>{c.carrier}</dd>
                  </div>
                ) : null}
              </dl>
              <ul className="consignment-lines">
                {c.entries.map((e) => (
                  <li key={e.entryNumber}>{t('account.order.shippedLine', { name: byNumber.get(e.entryNumber)?.product.name ?? `#${e.entryNumber}`, qty: e.quantity })}</li>
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
