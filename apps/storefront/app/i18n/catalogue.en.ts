/**
 * The whole English catalogue: every part (shell, checkout, account, auth, promo) merged. Its
 * own module so the browser loads only the page's language (root.tsx; ADR 0011). A new part is
 * added here, in catalogue.fr.ts and in CATALOGUE_PAIRS (index.ts).
 */
import { compareEn } from './compare.en.ts';
import { accountEn } from './account.en.ts';
import { adBuyEn } from './adbuy.en.ts';
import { autoDeliveryEn } from './autodelivery.en.ts';
import { authEn } from './auth.en.ts';
import { checkoutEn } from './checkout.en.ts';
import { en } from './en.ts';
import { monthlyEn } from './monthly.en.ts';
import { promoEn } from './promo.en.ts';
import { marketingEn } from './marketing.en.ts';
import { loyaltyEn } from './loyalty.en.ts';
import { rewardsEn } from './rewards.en.ts';
import { referralEn } from './referral.en.ts';
import { quizEn } from './quiz.en.ts';

export const catalogueEn = { ...en, ...checkoutEn, ...accountEn, ...authEn, ...promoEn, ...adBuyEn, ...monthlyEn, ...autoDeliveryEn, ...marketingEn, ...loyaltyEn, ...referralEn, ...rewardsEn, ...quizEn, ...recsEn, ...landingEn, ...compareEn, ...fbtEn };
import { recsEn } from './recs.en.ts';
import { landingEn } from './landing.en.ts';
import { fbtEn } from './fbt.en.ts';

/** Every message id. */
export type CatalogueKey = keyof typeof catalogueEn;
