/**
 * Mailing list (footer form, confirm and unsubscribe pages) and notify-me (product page) texts
 * (issue 12; English, ICU message syntax for react-intl). Same keys as marketing.fr.ts (checked by
 * the i18n test). `newsletter.consent` is the consent wording whose version the API records
 * (`MAILING_CONSENT_WORDING_VERSION` of @store/contracts): change both together.
 */
export const marketingEn = {
  'newsletter.title': 'Coffee news by email',
  'newsletter.consent': 'Get coffee news, offers and new arrivals by email. Unsubscribe at any time with the link in every email.',
  'newsletter.email': 'Your email for coffee news',
  'newsletter.submit': 'Subscribe',
  'newsletter.sending': 'Subscribing…',
  'newsletter.sent': 'Thanks! Check your inbox and click the link in our email to confirm your subscription.',
  'newsletter.error.tooManyAttempts': 'Too many attempts. Please try again later.',
  'newsletter.error.generic': 'We could not subscribe you right now. Please try again.',
  'newsletter.confirm.title': 'Your subscription',
  'newsletter.confirm.done': 'Your subscription is confirmed. Welcome aboard!',
  'newsletter.confirm.invalid': 'This confirmation link is invalid, expired or already used. You can subscribe again at the bottom of any page.',
  'newsletter.unsubscribe.title': 'Unsubscribe',
  'newsletter.unsubscribe.intro': 'Stop all our marketing emails (news, offers and back-in-stock alerts) to this address?',
  'newsletter.unsubscribe.submit': 'Unsubscribe',
  'newsletter.unsubscribe.done': 'You are unsubscribed: you will not receive our marketing emails any more.',
  'newsletter.unsubscribe.invalid': 'This unsubscribe link is invalid. Please use the link of one of our emails.',
  'newsletter.continue': 'Continue shopping',
  'notifyMe.title': 'Out of stock for now',
  'notifyMe.intro': 'Leave your email and we will write to you once when this item is back in stock.',
  'notifyMe.introSignedIn': 'We will email you once when this item is back in stock.',
  'notifyMe.email': 'Your email for the back-in-stock alert',
  'notifyMe.submit': 'Notify me when it’s back',
  'notifyMe.sending': 'Sending…',
  'notifyMe.sent': 'Thanks! We will email you once when this item is back in stock.',
  'notifyMe.error.notFound': 'This item can no longer be ordered.',
  'notifyMe.error.tooManyAttempts': 'Too many attempts. Please try again later.',
  'notifyMe.error.generic': 'We could not save your request right now. Please try again.',
} as const;

/** A message id of this part. */
export type MarketingKey = keyof typeof marketingEn;
