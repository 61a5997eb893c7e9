/**
 * The shapes shared by the cart's reward picker and the server action (issue 12; ADR 0028
 * "Rewards"): kept out of lib/rewards.server.ts so the browser bundle never imports server code.
 */

/** The reward form intents. */
export type RewardIntent = 'applyReward' | 'swapReward' | 'removeReward';

/** Is this posted intent one of the reward forms'? */
export function isRewardIntent(x: unknown): x is RewardIntent {
  return x === 'applyReward' || x === 'swapReward' || x === 'removeReward';
}

/** One reward as the picker shows it. */
export interface RewardOffer {
  code: string;
  name: string;
  points: number;
  affordable: boolean;
  pointsShort: number;
}

/** What the cart's reward picker needs. */
export interface CartRewards {
  /** spendable points */
  points: number;
  /** the caller is a member who earns (may use rewards) */
  member: boolean;
  rewards: RewardOffer[];
  /** the Perks page (join link for non-members) */
  joinHref: string;
}

/** The outcome of a reward form (`sessionCartCount`: units in the cart, broadcast to the header). */
export type RewardActionResult = { reward: true; ok: true; intent: RewardIntent; sessionCartCount: number } | { reward: true; ok: false; intent: RewardIntent; error: string };

/** Is this action data a reward form's? */
export function isRewardResult(x: unknown): x is RewardActionResult {
  return typeof x === 'object' && x !== null && (x as { reward?: unknown }).reward === true;
}
