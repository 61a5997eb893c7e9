/**
 * Issue 12 (ADR 0030): the "Refer a friend" form parses with `ReferralFormSchema` (conform, ADR
 * 0025); a bad field's message names it in English and French (narrow no-break space before the
 * colon); the page's strings exist in both languages.
 */
import { describe, expect, it } from 'vitest';
import { ReferralFormSchema } from '@store/contracts/forms';
import { referralEn } from '../app/i18n/referral.en.ts';
import { referralFr } from '../app/i18n/referral.fr.ts';
import { createTranslator } from '../app/lib/intl.ts';
import { firstErrors, parseForm } from '../app/lib/forms.ts';
import { REFERRAL_TEXT } from '../app/routes/account-referrals.server.ts';

const en = createTranslator('en');
const fr = createTranslator('fr');

function form(entries: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.append(k, v);
  return fd;
}

describe('refer-a-friend form', () => {
  it('parses a valid email, trimmed, with an optional name (blank is absent)', () => {
    const ok = parseForm(form({ _csrf: 'x', email: '  bob@example.com ', friendName: '  ' }), ReferralFormSchema, en, REFERRAL_TEXT);
    expect(ok.status).toBe('success');
    if (ok.status === 'success') expect(ok.value).toEqual({ email: 'bob@example.com' });
    const named = parseForm(form({ email: 'bob@example.com', friendName: ' Bob ' }), ReferralFormSchema, en, REFERRAL_TEXT);
    expect(named.status === 'success' && named.value).toEqual({ email: 'bob@example.com', friendName: 'Bob' });
  });

  it('names the bad fields in English: missing or invalid email, long name, control character', () => {
    expect(firstErrors(parseForm(form({ email: '' }), ReferralFormSchema, en, REFERRAL_TEXT))).toEqual({ email: 'Friend’s email address: this field is required.' });
    expect(firstErrors(parseForm(form({ email: 'bob@example' }), ReferralFormSchema, en, REFERRAL_TEXT))).toEqual({
      email: 'Friend’s email address: enter a valid email address, like name@example.com.',
    });
    const bad = firstErrors(parseForm(form({ email: 'bob@example.com', friendName: 'x'.repeat(3000) }), ReferralFormSchema, en, REFERRAL_TEXT));
    expect(bad.friendName).toMatch(/^Friend’s name \(optional\): /);
    const nul = firstErrors(parseForm(form({ email: 'bob\u0000@example.com' }), ReferralFormSchema, en, REFERRAL_TEXT));
    expect(nul.email).toMatch(/^Friend’s email address: /);
  });

  it('names the bad field in French with U+202F before the colon', () => {
    expect(firstErrors(parseForm(form({ email: 'pas-un-courriel' }), ReferralFormSchema, fr, REFERRAL_TEXT)).email).toMatch(/^Adresse courriel de votre ami\u202f: /);
  });

  it('has every page string in English and French', () => {
    expect(Object.keys(referralFr).sort()).toEqual(Object.keys(referralEn).sort());
    expect(en('referral.status.rewarded', { points: 1000 })).toBe('1,000 points earned');
    expect(fr('referral.intro', { discount: '10,00 $', minimum: '40,00 $', points: 1000 })).toMatch(/1[\u00a0\u202f]000 points/);
  });
});
