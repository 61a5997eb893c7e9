/**
 * Order status labels of the account pages (spec §3 order-status display mapping) in both
 * languages, and the account paths and paging helpers.
 */
import { describe, expect, it } from 'vitest';
import { accountPaths, pageIndexOf } from '../app/components/account/account-paths.ts';
import { statusLabelKey, statusTone } from '../app/components/account/order-status.ts';
import { createTranslator } from '../app/lib/intl.ts';

describe('order status labels (spec §3)', () => {
  const en = createTranslator('en');
  const fr = createTranslator('fr');
  it.each([
    ['processing', 'Processed', 'Traitée'],
    ['partiallydelivered', 'Partially delivered', 'Partiellement livrée'],
    ['partiallyshipped', 'Partially shipped', 'Partiellement expédiée'],
    ['PROCESSING', 'Processed', 'Traitée'],
    ['created', 'Received', 'Reçue'],
    ['shipped', 'Shipped', 'Expédiée'],
    ['delivered', 'Delivered', 'Livrée'],
    ['cancelled', 'Canceled', 'Annulée'],
    ['somethingNew', 'In progress', 'En cours'],
  ])('%s reads "%s" / "%s"', (status, english, french) => {
    const key = statusLabelKey(status);
    expect(en(key)).toBe(english);
    expect(fr(key)).toBe(french);
  });

  it('prefers the API display status when given', () => {
    expect(statusLabelKey('processing', 'processed')).toBe('account.status.processed');
    expect(statusLabelKey('partiallyshipped', 'partially-shipped')).toBe('account.status.partially-shipped');
    expect(statusLabelKey('whatever', 'partially-delivered')).toBe('account.status.partially-delivered');
  });

  it('tones: delivered is done, cancelled is stopped, the rest active', () => {
    expect(statusTone('delivered')).toBe('done');
    expect(statusTone('cancelled')).toBe('stopped');
    expect(statusTone('processing')).toBe('active');
  });
});

describe('account paths', () => {
  it('English and French paths, sign-in coming back to the page', () => {
    const en = accountPaths('en');
    const fr = accountPaths('fr');
    expect([en.overview, en.profile, en.addresses, en.orders, en.order('KC-ABCDE-12345')]).toEqual([
      '/account',
      '/account/profile',
      '/account/addresses',
      '/account/orders',
      '/account/orders/KC-ABCDE-12345',
    ]);
    expect([fr.overview, fr.profile, fr.addresses, fr.orders, fr.order('CA-ABCDE-12345')]).toEqual([
      '/fr/compte',
      '/fr/compte/profil',
      '/fr/compte/adresses',
      '/fr/compte/commandes',
      '/fr/compte/commandes/CA-ABCDE-12345',
    ]);
    expect(en.login('/account/addresses?page=2')).toBe('/login?redirect=%2Faccount%2Faddresses%3Fpage%3D2');
    expect(fr.login('/fr/compte')).toBe('/fr/connexion?redirect=%2Ffr%2Fcompte');
  });

  it('?page= is 1-based in the URL, 0-based for the API; bad values give the first page', () => {
    expect(pageIndexOf('2')).toBe(1);
    expect(pageIndexOf('1')).toBe(0);
    expect(pageIndexOf(null)).toBe(0);
    expect(pageIndexOf('0')).toBe(0);
    expect(pageIndexOf('-3')).toBe(0);
    expect(pageIndexOf('abc')).toBe(0);
    expect(pageIndexOf('2.5')).toBe(0);
  });
});
