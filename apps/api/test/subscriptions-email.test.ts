/**
 * Auto-delivery emails (issue 10; ADR 0018 "Emails"): every kind renders in English and French,
 * French follows French typography (U+202F before `: ; ? !`), names are HTML-escaped, and the
 * placed-order email lists replaced and left-out items. Pure: no database.
 */
import { describe, expect, it } from 'vitest';
import { frenchTypographyIssues } from '@store/domain';
import { AUTO_DELIVERY_EMAIL_KINDS, renderAutoDeliveryEmail, type AutoDeliveryEmailInput } from '../src/email/auto-delivery.ts';

const sample = (kind: AutoDeliveryEmailInput['kind'], lang: 'en' | 'fr'): AutoDeliveryEmailInput => ({
  kind,
  lang,
  to: 'ada@example.com',
  baseSiteId: 'cab2c',
  subscriptionId: 'sub_x',
  currency: 'CAD',
  shipDate: '2027-03-15',
  lines: [{ name: 'Café <Noir> & Co', qty: 2 }],
  orderCode: '00001234',
  totalMinor: 2698,
  replaced: [{ from: 'BH-A', to: 'BH-B' }],
  skipped: ['BH-C'],
  nextAttemptDate: '2027-03-16',
  boxesCounted: 4,
  boxesRequired: 16,
});

describe('auto-delivery emails', () => {
  it.each(AUTO_DELIVERY_EMAIL_KINDS)('%s renders in English and French, French typography respected', (kind) => {
    const en = renderAutoDeliveryEmail(sample(kind, 'en'));
    const fr = renderAutoDeliveryEmail(sample(kind, 'fr'));
    expect(en.subject).not.toBe(fr.subject);
    expect(en.text).not.toBe(fr.text);
    for (const text of [fr.subject, fr.text]) expect(frenchTypographyIssues(text)).toEqual([]);
    expect(en.html).not.toContain('<Noir>');
  });

  it('the placed-order email lists the replaced and left-out items, the total and the next date', () => {
    const en = renderAutoDeliveryEmail(sample('orderPlaced', 'en'));
    expect(en.text).toContain('replaced by your backup product');
    expect(en.text).toContain('BH-A → BH-B');
    expect(en.text).toContain('left out of this order');
    expect(en.text).toContain('BH-C');
    expect(en.text).toContain('00001234');
    expect(en.html).toContain('Café &lt;Noir&gt; &amp; Co');
    const fr = renderAutoDeliveryEmail(sample('paymentFailed', 'fr'));
    expect(fr.text).toContain('16 mars 2027');
  });
});
