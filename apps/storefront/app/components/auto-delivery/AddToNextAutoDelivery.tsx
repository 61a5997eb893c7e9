/**
 * The product page's "Add to my next auto-delivery" link (issue 10; spec §2 upcoming-order
 * add-item): for a signed-in customer and an auto-delivery product, a link to auto-delivery home
 * with `?add=<variant code>`, where the customer picks the subscription (AddProductPicker). A link,
 * so it works without JavaScript.
 */
import { Link } from 'react-router';
import { useShell } from '../../lib/shell-data.ts';
import { useT } from '../../lib/use-t.ts';
import { accountPaths } from '../account/account-paths.ts';

/** The link (see module comment); nothing for anonymous visitors. The page shows it for auto-delivery variants only. */
export function AddToNextAutoDelivery({ variantCode }: { variantCode: string }) {
  const t = useT();
  const { lang, auth } = useShell();
  if (!auth.isLoggedIn) return null;
  return (
    <p className="ad-pdp-next">
      <Link to={`${accountPaths(lang).autoDelivery}?add=${encodeURIComponent(variantCode)}#ad-pick-title`} className="btn-link">
        {t('ad.pdp.link')}
      </Link>
    </p>
  );
}
