/**
 * Issue 12 (ADR 0029), pure: the marketing emails in both languages carry the confirmation or
 * product link AND an unsubscribe link; French ones follow French typography (U+202F before
 * `: ; ? !`, @store/domain `frenchTypographyIssues`); the unsubscribe token is bound to its site
 * and email and refuses any change; log masking never keeps the full address.
 */
import { describe, expect, it } from 'vitest';
import { BASE_SITE_IDS, frenchTypographyIssues } from '@store/domain';
import { renderBackInStock, renderSubscriptionConfirmation } from '../src/email/marketing.ts';
import { maskEmail, readUnsubscribeToken, unsubscribeToken } from '../src/flows/marketing.ts';

const SECRET = 'unit-test-secret-0123456789abcdef0123456789';
const URL_BASE = 'https://shop.example.test';

function visible(html: string): string {
  return html.replace(/<[^>]+>/g, '\n').replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

describe('marketing emails', () => {
  for (const site of BASE_SITE_IDS) {
    for (const lang of ['en', 'fr'] as const) {
      it(`${site} ${lang}: confirmation and back-in-stock emails link to their pages and to unsubscribe`, () => {
        const unsub = unsubscribeToken(SECRET, site, 'ada@example.com');
        const confirm = renderSubscriptionConfirmation({ site, lang, storefrontUrl: URL_BASE, token: 'tok123', validDays: 7, unsubscribeToken: unsub });
        const back = renderBackInStock({ site, lang, storefrontUrl: URL_BASE, productName: 'Campfire Dark Roast', productCode: 'BH-CAMPFIRE-DARK', unsubscribeToken: unsub });
        const confirmPath = lang === 'fr' ? '/fr/infolettre/confirmer' : '/newsletter/confirm';
        const unsubPath = lang === 'fr' ? '/fr/infolettre/desabonnement' : '/newsletter/unsubscribe';
        const unsubLink = `${URL_BASE}${unsubPath}?token=${encodeURIComponent(unsub)}&site=${site}`;
        expect(confirm.text).toContain(`${URL_BASE}${confirmPath}?token=tok123&site=${site}`);
        expect(back.text).toContain(`${URL_BASE}${lang === 'fr' ? '/fr/p/' : '/p/'}BH-CAMPFIRE-DARK?site=${site}`);
        for (const mail of [confirm, back]) {
          expect(mail.text).toContain(unsubLink);
          expect(mail.html).toContain(unsubLink.replace(/&/g, '&amp;'));
          if (lang === 'fr') {
            expect(frenchTypographyIssues(mail.subject)).toEqual([]);
            expect(frenchTypographyIssues(mail.text.replace(/https?:\/\/\S+/g, ''))).toEqual([]);
            expect(frenchTypographyIssues(visible(mail.html).replace(/https?:\/\/\S+/g, ''))).toEqual([]);
          }
        }
      });
    }
  }

  it('the unsubscribe token names its site and email and refuses any change', () => {
    const token = unsubscribeToken(SECRET, 'cab2c', 'zoe@example.ca');
    expect(readUnsubscribeToken(SECRET, token)).toEqual({ site: 'cab2c', email: 'zoe@example.ca' });
    expect(readUnsubscribeToken('another-secret-0123456789abcdef0123456789', token)).toBeNull();
    const [payload, mac] = token.split('.') as [string, string];
    const other = Buffer.from('cab2c\nvictim@example.ca').toString('base64url');
    expect(readUnsubscribeToken(SECRET, `${other}.${mac}`)).toBeNull();
    expect(readUnsubscribeToken(SECRET, `${payload}.${mac.slice(0, -2)}AA`)).toBeNull();
    expect(readUnsubscribeToken(SECRET, payload)).toBeNull();
    expect(readUnsubscribeToken(SECRET, '')).toBeNull();
    const badSite = Buffer.from('xx\nzoe@example.ca').toString('base64url');
    expect(readUnsubscribeToken(SECRET, `${badSite}.${unsubscribeToken(SECRET, 'usb2c', 'x').split('.')[1]}`)).toBeNull();
  });

  it('masks an email for the logs', () => {
    expect(maskEmail('secret.person@example.com')).toBe('s***@example.com');
    expect(maskEmail('nope')).toBe('***');
    expect(maskEmail('@example.com')).toBe('***');
  });
});
