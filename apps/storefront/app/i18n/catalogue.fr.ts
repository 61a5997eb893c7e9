/** The whole French catalogue (see catalogue.en.ts); the type requires every English id. */
import { compareFr } from './compare.fr.ts';
import type { CatalogueKey } from './catalogue.en.ts';
import { accountFr } from './account.fr.ts';
import { adBuyFr } from './adbuy.fr.ts';
import { autoDeliveryFr } from './autodelivery.fr.ts';
import { authFr } from './auth.fr.ts';
import { checkoutFr } from './checkout.fr.ts';
import { fr } from './fr.ts';
import { monthlyFr } from './monthly.fr.ts';
import { promoFr } from './promo.fr.ts';
import { marketingFr } from './marketing.fr.ts';
import { loyaltyFr } from './loyalty.fr.ts';
import { rewardsFr } from './rewards.fr.ts';
import { referralFr } from './referral.fr.ts';
import { quizFr } from './quiz.fr.ts';

export const catalogueFr: Record<CatalogueKey, string> = { ...fr, ...checkoutFr, ...accountFr, ...authFr, ...promoFr, ...adBuyFr, ...monthlyFr, ...autoDeliveryFr, ...marketingFr, ...loyaltyFr, ...referralFr, ...rewardsFr, ...quizFr, ...recsFr, ...landingFr, ...compareFr, ...fbtFr };
import { recsFr } from './recs.fr.ts';

import { landingFr } from './landing.fr.ts';

import { fbtFr } from './fbt.fr.ts';

