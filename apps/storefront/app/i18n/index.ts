/**
 * The message catalogues of the storefront (react-intl, ICU syntax): the shell's (en.ts, fr.ts)
 * merged with the cart/checkout ones (checkout.en.ts, checkout.fr.ts). Both languages have the
 * same keys (test/i18n.test.ts).
 */
import type { Lang } from '@store/domain';
import { accountEn } from './account.en.ts';
import { accountFr } from './account.fr.ts';
import { adBuyEn } from './adbuy.en.ts';
import { adBuyFr } from './adbuy.fr.ts';
import { fbtEn } from './fbt.en.ts';
import { fbtFr } from './fbt.fr.ts';
import { authEn } from './auth.en.ts';
import { autoDeliveryEn } from './autodelivery.en.ts';
import { autoDeliveryFr } from './autodelivery.fr.ts';
import { authFr } from './auth.fr.ts';
import { catalogueEn } from './catalogue.en.ts';
import type { CatalogueKey } from './catalogue.en.ts';
import { catalogueFr } from './catalogue.fr.ts';
import { checkoutEn } from './checkout.en.ts';
import { checkoutFr } from './checkout.fr.ts';
import { en } from './en.ts';
import { fr } from './fr.ts';
import { monthlyEn } from './monthly.en.ts';
import { monthlyFr } from './monthly.fr.ts';
import { promoEn } from './promo.en.ts';
import { promoFr } from './promo.fr.ts';
import { marketingEn } from './marketing.en.ts';
import { marketingFr } from './marketing.fr.ts';
import { loyaltyEn } from './loyalty.en.ts';
import { loyaltyFr } from './loyalty.fr.ts';
import { referralEn } from './referral.en.ts';
import { referralFr } from './referral.fr.ts';
import { rewardsEn } from './rewards.en.ts';
import { rewardsFr } from './rewards.fr.ts';
import { quizEn } from './quiz.en.ts';
import { quizFr } from './quiz.fr.ts';
import { recsEn } from './recs.en.ts';
import { recsFr } from './recs.fr.ts';
import { landingEn } from './landing.en.ts';
import { landingFr } from './landing.fr.ts';
import { compareEn } from './compare.en.ts';
import { compareFr } from './compare.fr.ts';

/** Every message id (shell + cart/checkout + account + auth + promo). */
export type MessageKey = CatalogueKey;

/**
 * The message catalogue of each language (merged in catalogue.en.ts / catalogue.fr.ts, which
 * the browser loads one at a time; this module, with both, is for the server and tests).
 */
export const messages: Record<Lang, Record<MessageKey, string>> = {
  en: catalogueEn,
  fr: catalogueFr,
};

/** The catalogue pairs checked by the i18n test: [name, English, French]. */
export const CATALOGUE_PAIRS: ReadonlyArray<readonly [string, Record<string, string>, Record<string, string>]> = [
  ['shell', en, fr],
  ['checkout', checkoutEn, checkoutFr],
  ['fbt', fbtEn, fbtFr],
  ['account', accountEn, accountFr],
  ['auth', authEn, authFr],
  ['promo', promoEn, promoFr],
  ['adBuy', adBuyEn, adBuyFr],
  ['monthly', monthlyEn, monthlyFr],
  ['autoDelivery', autoDeliveryEn, autoDeliveryFr],
  ['marketing', marketingEn, marketingFr],
  ['loyalty', loyaltyEn, loyaltyFr],
  ['referral', referralEn, referralFr],
  ['rewards', rewardsEn, rewardsFr],
  ['quiz', quizEn, quizFr],
  ['recs', recsEn, recsFr],
  ['landing', landingEn, landingFr],
  ['compare', compareEn, compareFr],
];
