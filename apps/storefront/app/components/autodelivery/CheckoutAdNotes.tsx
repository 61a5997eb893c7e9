/**
 * Checkout notes for a cart with auto-delivery (issue 10, ADR 0018 "Buying"): a guest is asked to
 * sign in or create an account (both links come back to the checkout; signing in merges the
 * guest's cart into the customer's, so nothing is lost); a customer is told the card paying today
 * is saved for the later deliveries.
 */
import { Link } from 'react-router';
import { useT } from '../../lib/use-t.ts';

/** "Auto-delivery needs an account": sign in / create an account. */
export function AdAccountRequired({ loginPath, signupPath }: { loginPath: string; signupPath: string }) {
  const t = useT();
  return (
    <section className="ad-account-card" aria-labelledby="ad-account-title" data-testid="ad-account-required">
      <h2 id="ad-account-title">{t('adBuy.checkout.accountTitle')}</h2>
      <p>{t('adBuy.checkout.accountText')}</p>
      <div className="ad-account-actions">
        <Link to={loginPath} className="btn btn-primary">
          {t('adBuy.checkout.signIn')}
        </Link>
        <Link to={signupPath} className="btn btn-secondary">
          {t('adBuy.checkout.createAccount')}
        </Link>
      </div>
    </section>
  );
}

/** "Your card will be saved for your future auto-delivery orders." */
export function AdCardSavedNote() {
  const t = useT();
  return (
    <p className="ad-card-saved-note" data-testid="ad-card-saved">
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <rect x="3" y="10" width="18" height="11" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M7 10V7a5 5 0 0 1 10 0v3" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      {t('adBuy.checkout.cardSaved')}
    </p>
  );
}
