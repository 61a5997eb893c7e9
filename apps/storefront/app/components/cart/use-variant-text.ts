/**
 * The variant description of a cart or order line: the size label ("48 ct", "12 oz") or, for
 * colour variants, the colour name from the line's URL fragment (the variantUrlSuffix, e.g.
 * `#cherry-red` → "Cherry Red" through the shell's `color.*` messages), never a hex code.
 */
import { useIntl } from 'react-intl';
import { hasMessage } from '../../lib/intl-shape.ts';

/** What a line tells about its variant. */
export interface VariantLike {
  url: string;
  sizeLabel: string | null;
}

/** The colour name of a variant URL suffix, or null when the URL has no fragment. */
export function useVariantText(): (product: VariantLike) => string | null {
  const intl = useIntl();
  return (product) => {
    if (product.sizeLabel) return product.sizeLabel;
    const hash = product.url.indexOf('#');
    const suffix = hash === -1 ? '' : decodeURIComponent(product.url.slice(hash + 1));
    if (!suffix || /^\d+-ct$/.test(suffix)) return null;
    const key = `color.${suffix}`;
    if (hasMessage(intl, key)) return intl.formatMessage({ id: key });
    const words = suffix.replace(/[-_]+/g, ' ').trim();
    return words ? words.charAt(0).toUpperCase() + words.slice(1) : null;
  };
}
