/**
 * Recommendation carousels and "Recently viewed" (issue 13; ADR 0033), English, ICU syntax.
 * Same keys as recs.fr.ts.
 */
export const recsEn = {
  'recs.pdpTitle': 'You may also like',
  'recs.recentTitle': 'Recently viewed',
  'recs.home.carouselautoDelivery': 'Add to your next auto-delivery',
  'recs.home.carouselbrewerIntender': 'Find your brewer',
  'recs.home.carouselreturningBevBuyer': 'Buy again and discover',
  'recs.home.carouseldefault': 'Recommended for you',
  'recs.reason.fitsYours': 'Fits your {brewer}',
  'recs.reason.fitsThis': 'Fits the {brewer}',
};
export type RecsMessageKey = keyof typeof recsEn;
