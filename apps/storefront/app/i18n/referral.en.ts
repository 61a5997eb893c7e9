/**
 * "Refer a friend" account page (issue 12; ADR 0030), English, ICU syntax. Same keys as
 * referral.fr.ts.
 */
export const referralEn = {
  'referral.nav': 'Refer a friend',
  'referral.metaTitle': 'Refer a friend',
  'referral.title': 'Refer a friend',
  'referral.intro': 'Give a friend {discount} off their first order of {minimum} or more. When their order ships, you earn {points, number} points.',
  'referral.form.title': 'Send an invitation',
  'referral.email': 'Friend’s email address',
  'referral.friendName': 'Friend’s name (optional)',
  'referral.privacy': 'We send your friend one email with their coupon, valid for {days} days. We never add them to a mailing list.',
  'referral.submit': 'Send invitation',
  'referral.sending': 'Sending…',
  'referral.sent': 'Your invitation is on its way to {email}.',
  'referral.error.selfReferral': 'Enter a friend’s email address, not your own.',
  'referral.error.alreadyCustomer': 'This friend is already a customer. Referrals are for new customers.',
  'referral.error.alreadyReferred': 'This friend has already been invited.',
  'referral.error.notOffered': 'Referrals are not available on this store.',
  'referral.list.title': 'Your invitations',
  'referral.list.empty': 'You have not invited anyone yet.',
  'referral.list.friend': 'Friend',
  'referral.list.date': 'Sent on',
  'referral.list.status': 'Status',
  'referral.status.sent': 'Invitation sent',
  'referral.status.used': 'First order placed',
  'referral.status.rewarded': '{points, number} points earned',
  'referral.status.expired': 'Expired',
};
