/**
 * Perks rewards messages (issue 12; ADR 0028 amendment "Rewards"): the cart's reward picker
 * ("Use your Perks points"), the applied reward in the summary, and the refusals (English, ICU
 * syntax). Same keys as rewards.fr.ts.
 */
export const rewardsEn = {
  'rewards.open': 'Use your Perks points',
  'rewards.title': 'Perks rewards',
  'rewards.balance': 'You have {points, plural, one {# point} other {# points}} to spend.',
  'rewards.cost': '{points, plural, one {# point} other {# points}}',
  'rewards.short': '{points, plural, one {# more point} other {# more points}} needed',
  'rewards.apply': 'Apply',
  'rewards.swap': 'Swap for this one',
  'rewards.remove': 'Remove reward',
  'rewards.applied': 'Reward: {name}',
  'rewards.appliedNote': '{points, plural, one {# point is} other {# points are}} set aside when you place your order.',
  'rewards.saving': 'You save {amount}',
  'rewards.oneOnly': 'One reward per order.',
  'rewards.join': 'Join Brewhaus Perks to use rewards',
  'rewards.notice.applied': 'Your reward is applied.',
  'rewards.notice.swapped': 'Your reward was swapped.',
  'rewards.notice.removed': 'Your reward was removed.',
  'rewards.error.insufficientPoints': 'You do not have enough points for this reward.',
  'rewards.error.notEnrolled': 'Join Brewhaus Perks to use rewards.',
  'rewards.error.optedOut': 'You opted out of Brewhaus Perks: opt back in to use rewards.',
  'rewards.error.rewardNotFound': 'This reward is no longer offered.',
  'rewards.error.rewardAlreadyApplied': 'A reward is already applied: swap it or remove it first.',
  'rewards.error.rewardNotApplicable': 'Free shipping applies to standard delivery only.',
  'rewards.error.generic': 'The reward could not be changed. Please try again.',
  'rewards.bestSellers.title': 'Popular rewards',
  'rewards.bestSellers.note': 'Use your points on a reward from your cart: one reward per order.',
} as const;

/** A message id of the rewards catalogue. */
export type RewardsMessageKey = keyof typeof rewardsEn;
