/**
 * Frequently bought together, bundle add and out-of-stock alternatives on the product page
 * (issue 13; ADR 0032), English, ICU syntax. Same keys as fbt.fr.ts.
 */
export const fbtEn = {
  'fbt.title': 'Frequently bought together',
  'fbt.thisItem': 'This item: {name}',
  'fbt.include': 'Include {name}',
  'fbt.total': 'Total for {count, plural, one {# item} other {# items}}: {price}',
  'fbt.addAll': 'Add all to cart',
  'fbt.addSelected': 'Add selected to cart',
  'fbt.adding': 'Adding…',
  'fbt.none': 'Choose at least one item.',
  'fbt.added': '{count, plural, one {# item was} other {# items were}} added to your cart.',
  'fbt.error.outOfStock': 'One of these items just sold out. Please choose again.',
  'fbt.error.generic': 'We could not add these items. Please try again.',
  'fbt.show': 'See what is frequently bought together',
  'fbt.oos.title': 'Try these instead',
  'fbt.oos.intro': 'This item is sold out. These are in stock and close to it.',
  'fbt.oos.show': 'See in-stock alternatives',
};
