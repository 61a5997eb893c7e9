/**
 * "Refer a friend", `/account/refer-a-friend` and `/fr/compte/parrainage` (issue 12; ADR 0030):
 * the site's offer, a form (friend's email and optional name; plain POST with the CSRF field,
 * works without JavaScript) and the member's invitations with their state (sent, first order
 * placed, points earned, expired).
 */
import { Form, useNavigation } from 'react-router';
import type { Route } from './+types/account-referrals';
import { AccountLayout } from '../components/account/AccountLayout.tsx';
import { CsrfField } from '../components/account/Csrf.tsx';
import accountCss from '../components/account/account.css?url';
import { TextField } from '../components/checkout/fields.tsx';
import { FormAlert } from '../components/checkout/Section.tsx';
import checkoutCss from '../components/checkout/checkout.css?url';
import { pageMeta } from '../lib/meta.ts';
import { useT } from '../lib/use-t.ts';
import { loadReferrals, referralAction, type ReferralRowView } from './account-referrals.server.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: checkoutCss },
  { rel: 'stylesheet', href: accountCss },
];

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.meta);

export async function loader(args: Route.LoaderArgs) {
  return loadReferrals(args);
}

export async function action(args: Route.ActionArgs) {
  return referralAction(args);
}

const TONE: Record<ReferralRowView['status'], string> = { sent: 'active', used: 'active', rewarded: 'done', expired: 'stopped' };

function StatusLabel({ row }: { row: ReferralRowView }) {
  const t = useT();
  const text =
    row.status === 'rewarded'
      ? t('referral.status.rewarded', { points: row.rewardPoints ?? 0 })
      : row.status === 'used'
        ? t('referral.status.used')
        : row.status === 'expired'
          ? t('referral.status.expired')
          : t('referral.status.sent');
  return <span className={`status-badge is-${TONE[row.status]}`}>{text}</span>;
}

export default function AccountReferralsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { offer, referrals, sentTo } = loaderData;
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const errors = actionData?.errors ?? { fieldErrors: {}, formError: null };
  const firstError = Object.keys(errors.fieldErrors)[0] ?? null;
  const v = actionData?.values;
  const notice = sentTo ? t('referral.sent', { email: sentTo }) : null;
  return (
    <AccountLayout title={t('referral.title')} notice={notice}>
      {offer ? (
        <section className="account-panel" aria-labelledby="referral-form-title">
          <h2 id="referral-form-title">{t('referral.form.title')}</h2>
          <p>{t('referral.intro', { discount: offer.friendDiscount, minimum: offer.minimumOrder, points: offer.rewardPoints })}</p>
          <Form method="post" noValidate className="checkout-form referral-form">
            <CsrfField />
            <FormAlert id="referral-alert" message={errors.formError} />
            <TextField
              id="referral-email"
              name="email"
              type="email"
              inputMode="email"
              label={t('referral.email')}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="none"
              required
              maxLength={254}
              defaultValue={v?.email ?? ''}
              error={errors.fieldErrors.email}
              focus={firstError === 'email'}
            />
            <TextField
              id="referral-friend-name"
              name="friendName"
              label={t('referral.friendName')}
              autoComplete="off"
              maxLength={100}
              defaultValue={v?.friendName ?? ''}
              error={errors.fieldErrors.friendName}
              focus={firstError === 'friendName'}
            />
            <p className="field-hint">{t('referral.privacy', { days: offer.validityDays })}</p>
            <div className="account-actions">
              <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
                {busy ? t('referral.sending') : t('referral.submit')}
              </button>
            </div>
          </Form>
        </section>
      ) : (
        <div className="account-panel account-empty">
          <p>{t('referral.error.notOffered')}</p>
        </div>
      )}

      {offer ? (
        <section className="account-panel" aria-labelledby="referral-list-title">
          <h2 id="referral-list-title">{t('referral.list.title')}</h2>
          {referrals.length === 0 ? (
            <p className="muted">{t('referral.list.empty')}</p>
          ) : (
            <table className="orders-table" aria-labelledby="referral-list-title">
              <thead>
                <tr>
                  <th scope="col">{t('referral.list.friend')}</th>
                  <th scope="col">{t('referral.list.date')}</th>
                  <th scope="col">{t('referral.list.status')}</th>
                </tr>
              </thead>
              <tbody>
                {referrals.map((r) => (
                  <tr key={r.id}>
                    <th scope="row">{r.friend}</th>
                    <td data-label={t('referral.list.date')}>{r.date}</td>
                    <td data-label={t('referral.list.status')}>
                      <StatusLabel row={r} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ) : null}
    </AccountLayout>
  );
}
