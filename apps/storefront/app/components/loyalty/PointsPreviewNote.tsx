/**
 * Issue 12 (ADR 0028): the cart and checkout line "Earn N Perks points with this order (worth …)"
 * for a member who earns, or "Join Brewhaus Perks to earn N points with this order" (a link to
 * the Perks page) for a signed-in customer who has not joined or has opted out.
 */
import { Link } from 'react-router';
import { useT } from '../../lib/use-t.ts';

/** Issue 12: "Earn N points with this order" (or the invitation to join) of the cart and checkout. */
export interface CartLoyaltyPreview {
  points: number;
  /** their value, formatted in the site currency */
  value: string;
  /** the customer earns now (a member, opted in); else the join link is shown */
  earning: boolean;
  joinHref: string;
}

/** The points preview of a cart (nothing without one). */
export function PointsPreviewNote({ preview }: { preview: CartLoyaltyPreview | null | undefined }) {
  const t = useT();
  if (!preview) return null;
  return (
    <p className="summary-note cart-points-preview" data-testid="points-preview">
      {preview.earning ? t('loyalty.preview.order', { points: preview.points, value: preview.value }) : <Link to={preview.joinHref}>{t('loyalty.preview.join', { points: preview.points })}</Link>}
    </p>
  );
}
