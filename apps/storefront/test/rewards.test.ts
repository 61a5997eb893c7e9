/**
 * Issue 12 (ADR 0028 "Rewards") on the storefront: the reward form intents, and the checkout's
 * message when placement refuses the cart's reward, in English and French.
 */
import { describe, expect, it } from 'vitest';
import { translateOccError } from '../app/components/checkout/occ-errors.ts';
import { isRewardIntent, isRewardResult } from '../app/components/loyalty/reward-actions.ts';
import { messages } from '../app/i18n/index.ts';

const tOf = (lang: 'en' | 'fr') => (id: string) => (messages[lang] as Record<string, string>)[id] ?? id;

describe('Perks rewards on the storefront', () => {
  it('knows the reward form intents and results, nothing else', () => {
    for (const i of ['applyReward', 'swapReward', 'removeReward']) expect(isRewardIntent(i)).toBe(true);
    for (const i of ['applyCoupon', 'update', '', null, undefined, 42]) expect(isRewardIntent(i)).toBe(false);
    expect(isRewardResult({ reward: true, ok: true, intent: 'applyReward', sessionCartCount: 1 })).toBe(true);
    expect(isRewardResult({ promo: 'coupon', ok: true })).toBe(false);
    expect(isRewardResult(null)).toBe(false);
  });

  it('a placement refused for the reward says why, in the page language', () => {
    for (const reason of ['insufficientPoints', 'rewardNotApplicable', 'rewardUnavailable', 'optedOut']) {
      const en = translateOccError(tOf('en'), { type: 'LoyaltyError', reason, subject: 'rewardCode', message: 'English' });
      const fr = translateOccError(tOf('fr'), { type: 'LoyaltyError', reason, subject: 'rewardCode', message: 'English' });
      expect(en).toBe(messages.en[`occ.${reason}` as keyof typeof messages.en]);
      expect(fr).toBe(messages.fr[`occ.${reason}` as keyof typeof messages.fr]);
      expect(en).not.toBe(fr);
      expect(en).not.toBe(messages.en['occ.generic']);
    }
    expect(translateOccError(tOf('fr'), { type: 'LoyaltyError', reason: 'insufficientPoints', message: 'x' })).toContain('points Perks');
  });

  it('every reward message exists in both languages with French typography', () => {
    const keys = Object.keys(messages.en).filter((k) => k.startsWith('rewards.'));
    expect(keys.length).toBeGreaterThan(15);
    for (const k of keys) {
      const fr = (messages.fr as Record<string, string>)[k];
      expect(fr, k).toBeTruthy();
      expect(fr, k).not.toMatch(/ [:;?!]/);
    }
  });
});
