/**
 * Order confirmation, `/order-confirmation/:orderCode` and `/fr/confirmation-de-commande/:orderCode`
 * (spec §2, VISUAL.md "Confirmation"): the order code large, what happens next, the email note and
 * the order summary (lines, totals with each tax line, addresses, shipping method, card brand and
 * last 4 digits). Only the browser that placed the order can see it (order-confirmation.server.ts).
 */
import { Form, Link, useNavigation } from 'react-router';
import { OrderDetailsCard, PlacedOrderSummary, SummaryLines } from '../components/checkout/OrderDetails.tsx';
import type { Route } from './+types/order-confirmation';
import checkoutCss from '../components/checkout/checkout.css?url';
import { OrderSubscriptions } from '../components/autodelivery/OrderSubscriptions.tsx';
import { pageMeta } from '../lib/meta.ts';
import { useT } from '../lib/use-t.ts';
import { CsrfField } from '../components/account/Csrf.tsx';
import { PasswordField } from '../components/account/PasswordField.tsx';
import { useAccountPaths } from '../components/account/use-account-paths.ts';
import { FormAlert } from '../components/checkout/Section.tsx';
import { createAccountAction, loadConfirmationPage } from './order-confirmation.server.ts';
import type { CreateAccountActionData } from './order-confirmation.server.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: checkoutCss },
];

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.meta);

export async function loader(args: Route.LoaderArgs) {
  return loadConfirmationPage(args);
}

export async function action(args: Route.ActionArgs) {
  return createAccountAction(args);
}

/** "Create an account" for a guest: one password field (issue 3 guest → account). */
function CreateAccountCard({ email, result }: { email: string; result: CreateAccountActionData | undefined }) {
  const t = useT();
  const paths = useAccountPaths();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const errors = result?.errors ?? { fieldErrors: {}, formError: null };
  return (
    <section className="confirmation-card create-account-card" aria-labelledby="create-account-title">
      <h2 id="create-account-title">{t('confirmation.account.title')}</h2>
      <p>{t('confirmation.account.text', { email })}</p>
      {result?.exists ? (
        <>
          <FormAlert id="create-account-alert" message={errors.formError} />
          <Link to={paths.login(paths.orders)} className="btn btn-secondary">
            {t('confirmation.account.signIn')}
          </Link>
        </>
      ) : (
        <Form method="post" noValidate className="checkout-form">
          <CsrfField />
          <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
          <FormAlert id="create-account-alert" message={errors.formError} />
          <PasswordField
            id="create-account-password"
            name="password"
            label={t('confirmation.account.password')}
            hint={t('account.password.hint')}
            autoComplete="new-password"
            error={errors.fieldErrors.password}
            focus={errors.fieldErrors.password !== undefined}
          />
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('confirmation.account.creating') : t('confirmation.account.submit')}
          </button>
        </Form>
      )}
    </section>
  );
}

const BRAND_NAMES: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

export default function OrderConfirmationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, support, homePath, placedOn, signedIn, canCreateAccount } = loaderData;
  const accountLinks = useAccountPaths();
  const t = useT();
  if (!order) {
    return (
      <div className="container confirmation-page">
        <div className="confirmation-missing">
          <h1>{t('confirmation.notFound.title')}</h1>
          <p>{t('confirmation.notFound.text')}</p>
          <Link to={homePath} className="btn btn-primary">
            {t('confirmation.continue')}
          </Link>
        </div>
      </div>
    );
  }
  const brand = BRAND_NAMES[order.paymentInfo.brand.toLowerCase()] ?? order.paymentInfo.brand;
  return (
    <div className="container confirmation-page">
      <div className="confirmation-hero">
        <svg className="confirmation-check" viewBox="0 0 48 48" width="56" height="56" aria-hidden="true" focusable="false">
          <circle cx="24" cy="24" r="22" fill="currentColor" />
          <path d="M14 24.5 21 31l13-14" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <h1>{t('confirmation.title')}</h1>
        <p className="order-code-label">{t('confirmation.orderNumber')}</p>
        <p className="order-code" data-testid="order-code">
          {order.code}
        </p>
        {placedOn ? <p className="muted">{t('confirmation.placed', { date: placedOn })}</p> : null}
        <p className="email-note">{t('confirmation.emailNote', { email: order.email })}</p>
      </div>

      <div className="confirmation-layout">
        <div className="confirmation-main">
          <section className="confirmation-card" aria-labelledby="next-title">
            <h2 id="next-title">{t('confirmation.next.title')}</h2>
            <ol className="next-steps">
              <li>{t('confirmation.next.prepare')}</li>
              <li>{t('confirmation.next.ship')}</li>
              <li>{t('confirmation.next.help', { phone: support.phone, hours: support.hours })}</li>
            </ol>
          </section>

          <OrderSubscriptions subscriptions={order.subscriptions} />

          {canCreateAccount ? <CreateAccountCard email={order.email} result={actionData} /> : null}
          {signedIn ? (
            <p className="confirmation-account-link">
              <Link to={accountLinks.orders}>{t('confirmation.account.viewOrders')}</Link>
            </p>
          ) : null}

          <OrderDetailsCard order={order} brand={brand} titleId="details-title" />
        </div>

        <aside className="summary-card" aria-labelledby="order-summary-title">
          <PlacedOrderSummary order={order} titleId="order-summary-title" />
          <h3 className="visually-hidden">{t('summary.items')}</h3>
          <SummaryLines entries={order.entries} />
          <Link to={homePath} className="btn btn-secondary btn-block">
            {t('confirmation.continue')}
          </Link>
        </aside>
      </div>
    </div>
  );
}
