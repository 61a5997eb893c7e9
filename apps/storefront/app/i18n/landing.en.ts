/**
 * Starter-kit landing pages and the quick shop (issue 13; ADR 0035), English, ICU syntax. Same
 * keys as landing.fr.ts.
 */
export const landingEn = {
  'landing.buy.label': 'Buy the {name}',
  'landing.separately': 'Bought separately: {price}',
  'landing.savings': 'You save {amount}',
  'landing.addKit': 'Add the kit to cart',
  'landing.kitDetails': 'See the kit’s product page',
  'quickShop.nav': 'Quick shop',
  'quickShop.title': 'Quick shop',
  'quickShop.intro': 'Pick what you need, set the quantity and add it to your cart without leaving the page.',
  'quickShop.tabs': 'Quick shop sections',
  'quickShop.tab.beverages': 'Beverages',
  'quickShop.tab.brewers': 'Coffee makers',
  'quickShop.tab.accessories': 'Accessories & gift cards',
  'quickShop.count': '({count, plural, one {# product} other {# products}})',
  'quickShop.empty': 'There is nothing on this page. Go back to the first page.',
  /** issue 13: a variant in the quick shop select (size or colour, then the price) */
  'quickShop.option': '{label}, {price}',
  'quickShop.optionSoldOut': '{label}, {price} (sold out)',
};
