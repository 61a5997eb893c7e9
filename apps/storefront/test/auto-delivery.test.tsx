/**
 * Auto-delivery home pieces (issue 10; ADR 0018 "Auto-delivery home", "Brewer campaigns"): the
 * campaign commitment tracker (boxes, orders left, deadline, cancel cost; free once met) in both
 * languages, the translation of the AD home calls' refusals (spec §9 ALREADY_ADDED_TO_SP /
 * ALREADY_ADDED_TO_BACKUP_PRODUCT, statuses, 404, 402), local-date formatting and the date range of
 * "ship on" / "pause until", and the account paths of the two pages.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '@store/contracts';
import type { CommitmentTracker as Tracker } from '@store/contracts';
import { accountPaths } from '../app/components/account/account-paths.ts';
import { CommitmentTracker } from '../app/components/auto-delivery/CommitmentTracker.tsx';
import { messages } from '../app/i18n/index.ts';
import type { RequestContext } from '../app/lib/context.server.ts';
import { createTranslator } from '../app/lib/intl.ts';
import { adErrorMessage, dateRangeOf, formatLocalDate } from '../app/routes/account-auto-delivery.server.ts';
import { renderWith, textOf } from './render.tsx';

const tracker = (over: Partial<Tracker> = {}): Tracker => ({
  campaignCode: 'KSKBBAD',
  status: 'open',
  boxesCounted: 6,
  boxesRequired: 16,
  boxesLeft: 10,
  ordersCounted: 1,
  ordersRequired: 4,
  ordersLeft: 3,
  minBoxesPerOrder: 4,
  deadline: '2027-09-20',
  daysLeft: 300,
  cancelCostNow: { value: 70.31, formattedValue: '$70.31', currencyIso: 'USD' },
  cancelCostNowMinor: 7031,
  ...over,
});

describe('commitment tracker', () => {
  it('shows boxes counted / required as a progress bar, orders left, the deadline and what cancelling costs', () => {
    const html = renderWith(<CommitmentTracker tracker={tracker()} deadlineOn="September 20, 2027" titleId="t" />);
    const text = textOf(html);
    expect(text).toContain('6 of 16 boxes');
    expect(html).toMatch(/role="progressbar"[^>]*aria-valuemax="16"[^>]*aria-valuenow="6"/);
    expect(html).toContain('width:38%');
    expect(text).toContain('3 more orders of 4+ boxes needed');
    expect(text).toContain('Complete by September 20, 2027 (300 days left)');
    expect(text).toContain('Canceling today would cost $70.31.');
  });

  it('once met: full bar and a note that cancelling is free, no cost', () => {
    const text = textOf(
      renderWith(<CommitmentTracker tracker={tracker({ status: 'met', boxesCounted: 17, ordersLeft: 0, cancelCostNowMinor: 0 })} deadlineOn="x" titleId="t" />),
    );
    expect(text).toContain('Commitment met. You can cancel at no cost');
    expect(text).not.toContain('Canceling today would cost');
  });

  it('in French, with French typography', () => {
    const t = tracker({ ordersLeft: 1, cancelCostNow: { value: 70.31, formattedValue: '70,31\u00a0$', currencyIso: 'CAD' } });
    const text = textOf(renderWith(<CommitmentTracker tracker={t} deadlineOn="20 septembre 2027" titleId="t" />, 'cab2c', 'fr'));
    expect(text).toContain('6 boîtes sur 16');
    expect(text).toContain('Encore 1 commande de 4 boîtes ou plus');
    expect(text).toContain('Annuler aujourd’hui coûterait 70,31\u00a0$.');
  });
});

describe('refusals of the AD home calls', () => {
  const ctx = (lang: 'en' | 'fr') => ({ t: createTranslator(lang) }) as unknown as RequestContext;
  const err = (status: number, reason: string, type = 'AutoDeliveryError') => new ApiError(status, [{ type, reason, message: 'x' }], null, null);

  it('spec §9 codes are clear messages in both languages', () => {
    expect(adErrorMessage(ctx('en'), err(409, 'ALREADY_ADDED_TO_SP'))).toBe(messages.en['ad.error.ALREADY_ADDED_TO_SP']);
    expect(adErrorMessage(ctx('en'), err(409, 'ALREADY_ADDED_TO_BACKUP_PRODUCT'))).toBe('This product is already the backup product of an item of this auto-delivery.');
    expect(adErrorMessage(ctx('fr'), err(409, 'ALREADY_ADDED_TO_SP'))).toBe('Ce produit est déjà dans cette livraison automatique.');
  });

  it('statuses, quantities, 404 and declined clawbacks', () => {
    expect(adErrorMessage(ctx('en'), err(409, 'subscriptionPaused'))).toBe('This auto-delivery is paused. Resume it first.');
    expect(adErrorMessage(ctx('en'), err(400, 'invalidQuantity', 'ValidationError'), 12)).toBe('Choose a quantity between 1 and 12.');
    expect(adErrorMessage(ctx('en'), err(404, 'notFound', 'NotFoundError'))).toBe('This auto-delivery was not found.');
    expect(adErrorMessage(ctx('en'), err(402, 'declined', 'PaymentError'))).toBe(messages.en['ad.error.paymentDeclined']);
    expect(adErrorMessage(ctx('en'), err(409, 'somethingNew'))).toBe(messages.en['ad.error.generic']);
  });

  it('anything but a 4xx API error is rethrown (the error page)', () => {
    expect(() => adErrorMessage(ctx('en'), new Error('boom'))).toThrow('boom');
    expect(() => adErrorMessage(ctx('en'), new ApiError(503, [], null, null))).toThrow();
  });
});

describe('dates and paths', () => {
  it('a local date is shown as that calendar date whatever the server time zone', () => {
    expect(formatLocalDate('2026-12-04', 'en-US')).toBe('December 4, 2026');
    expect(formatLocalDate('2026-12-04', 'fr-CA')).toBe('4 décembre 2026');
    expect(formatLocalDate('nope', 'en-US')).toBe('');
  });

  it('ship on / pause until: tomorrow to today + 180 days in the site time zone', () => {
    // 03:30 UTC on Dec 1 is still Nov 30 in New York
    expect(dateRangeOf('usb2c', new Date('2026-12-01T03:30:00Z'))).toEqual({ min: '2026-12-01', max: '2027-05-29' });
  });

  it('English and French paths', () => {
    expect(accountPaths('en').autoDelivery).toBe('/account/auto-delivery');
    expect(accountPaths('fr').autoDelivery).toBe('/fr/compte/livraison-automatique');
    expect(accountPaths('en').autoDeliveryAdd('sub_1')).toBe('/account/auto-delivery/sub_1/add');
    expect(accountPaths('fr').autoDeliveryAdd('sub_1')).toBe('/fr/compte/livraison-automatique/sub_1/ajouter');
  });
});

describe('language switch on account pages', () => {
  it('maps the localised account paths both ways', async () => {
    const { switchLanguagePath } = await import('../app/lib/paths.ts');
    expect(switchLanguagePath('/account/auto-delivery', '?done=skipped', 'fr')).toBe('/fr/compte/livraison-automatique?done=skipped');
    expect(switchLanguagePath('/fr/compte/livraison-automatique/sub_1/ajouter', '', 'en')).toBe('/account/auto-delivery/sub_1/add');
    expect(switchLanguagePath('/account/auto-delivery/sub_1/add', '', 'fr')).toBe('/fr/compte/livraison-automatique/sub_1/ajouter');
    expect(switchLanguagePath('/account/orders/KC-1', '', 'fr')).toBe('/fr/compte/commandes/KC-1');
    expect(switchLanguagePath('/fr/compte', '', 'en')).toBe('/account');
    expect(switchLanguagePath('/accounting', '', 'fr')).toBe('/fr/accounting');
  });
});
