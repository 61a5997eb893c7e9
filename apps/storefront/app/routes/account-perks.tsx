/**
 * Brewhaus Perks, `/account/perks` and `/fr/compte/perks` (issue 12; ADR 0028): the join form
 * (terms checkbox; a plain POST form, works without JavaScript) for a customer who has not joined;
 * for a member, the available and pending points with their value in the site currency, points
 * expiring soon, the tier (recomputed from the ledger by the API) with what the next tier needs,
 * the earning switch and the paged history with order links.
 */
import { RewardBestSellers } from '../components/loyalty/RewardBestSellers.tsx';
import { Form, Link, useNavigation } from 'react-router';
import type { LoyaltyHistoryEntry, LoyaltySummary } from '@store/contracts';
import { formatMoney, SITES, type CurrencyIso } from '@store/domain';
import type { Route } from './+types/account-perks';
import { AccountLayout, Pager } from '../components/account/AccountLayout.tsx';
import { CsrfField } from '../components/account/Csrf.tsx';
import accountCss from '../components/account/account.css?url';
import { FormAlert } from '../components/checkout/Section.tsx';
import checkoutCss from '../components/checkout/checkout.css?url';
import { useAccountPaths } from '../components/account/use-account-paths.ts';
import type { MessageKey } from '../i18n/index.ts';
import { pageMeta } from '../lib/meta.ts';
import { useShell } from '../lib/shell-data.ts';
import { useT } from '../lib/use-t.ts';
import { loadPerks, perksAction } from './account-perks.server.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: checkoutCss },
  { rel: 'stylesheet', href: accountCss },
];

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.meta);

export async function loader(args: Route.LoaderArgs) {
  return loadPerks(args);
}

export async function action(args: Route.ActionArgs) {
  return perksAction(args);
}

const TIER_KEYS: Record<string, MessageKey> = { member: 'loyalty.tier.member', gold: 'loyalty.tier.gold', platinum: 'loyalty.tier.platinum' };

export default function AccountPerksPage({ loaderData, actionData }: Route.ComponentProps) {
  const { summary, history, page, done, bestSellers } = loaderData;
  const t = useT();
  const paths = useAccountPaths();
  const notice = done === 'join' ? t('loyalty.join.done') : done === 'optOn' ? t('loyalty.optin.doneOn') : done === 'optOff' ? t('loyalty.optin.doneOff') : null;
  if (!summary) {
    return (
      <AccountLayout title={t('loyalty.title')}>
        <div className="account-panel">
          <p>{t('loyalty.disabled')}</p>
        </div>
      </AccountLayout>
    );
  }
  return (
    <AccountLayout title={t('loyalty.title')} notice={notice}>
      {summary.enrolled ? <MemberPanels summary={summary} formError={actionData?.intent === 'opt' ? actionData.errors.formError : null} /> : <JoinPanel summary={summary} error={actionData?.intent === 'join' ? actionData.errors : null} />}
      {summary.enrolled && history ? (
        <section className="account-panel" aria-labelledby="perks-history-title">
          <h2 id="perks-history-title">{t('loyalty.history.title')}</h2>
          {history.entries.length === 0 ? <p>{t('loyalty.history.empty')}</p> : <HistoryTable entries={history.entries} orderPath={paths.order} />}
          <Pager page={page} totalPages={history.pagination.totalPages} path={paths.perks} />
        </section>
      ) : null}
      {summary.enrolled ? <RewardBestSellers list={bestSellers} /> : null}
    </AccountLayout>
  );
}

function JoinPanel({ summary, error }: { summary: LoyaltySummary; error: { fieldErrors: Record<string, string>; formError: string | null } | null }) {
  const t = useT();
  const { site, locale } = useShell();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'join';
  const fieldError = error?.fieldErrors.acceptTerms;
  const unit = formatMoney(100, SITES[site].currency as CurrencyIso, locale);
  return (
    <section className="account-panel" aria-labelledby="perks-join-title">
      <h2 id="perks-join-title">{t('loyalty.join.title')}</h2>
      <p>{t('loyalty.join.intro', { points: summary.pointsPerUnit, adPoints: summary.adPointsPerUnit, unit, value: summary.valueOf100Points.formattedValue })}</p>
      <p className="muted">{t('loyalty.join.expiry', { days: summary.expiryDays })}</p>
      <Form method="post" noValidate className="checkout-form perks-join-form">
        <CsrfField />
        <input type="hidden" name="intent" value="join" />
        <FormAlert id="perks-join-alert" message={error?.formError ?? null} />
        <div className="checkbox-field">
          <input type="checkbox" id="perks-terms" name="acceptTerms" required aria-invalid={fieldError ? true : undefined} aria-describedby={fieldError ? 'perks-terms-error' : undefined} autoFocus={Boolean(fieldError)} />
          <label htmlFor="perks-terms">{t('loyalty.join.terms', { version: summary.termsVersion })}</label>
        </div>
        {fieldError ? (
          <p className="field-error" id="perks-terms-error">
            {fieldError}
          </p>
        ) : null}
        <div className="account-actions">
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('loyalty.join.submitting') : t('loyalty.join.submit')}
          </button>
        </div>
      </Form>
    </section>
  );
}

/** The member's welcome coupon (ADR 0028 amendment): the PDP's "save N% on your next order", made true. */
function WelcomeOfferPanel({ offer }: { offer: NonNullable<LoyaltySummary['welcomeOffer']> }) {
  const t = useT();
  const { locale } = useShell();
  const until = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(offer.endsAt));
  const expired = Date.parse(offer.endsAt) < Date.now();
  return (
    <section className="account-panel perks-welcome" aria-labelledby="perks-welcome-title">
      <h2 id="perks-welcome-title">{t('loyalty.welcome.title')}</h2>
      {offer.used ? (
        <p>{t('loyalty.welcome.used', { percent: offer.percent })}</p>
      ) : expired ? (
        <p>{t('loyalty.welcome.expired', { percent: offer.percent })}</p>
      ) : (
        <>
          <p>{t('loyalty.welcome.offer', { percent: offer.percent, until })}</p>
          <p className="perks-welcome-code">
            {t('loyalty.welcome.code')} <strong data-testid="perks-welcome-code">{offer.couponCode}</strong>
          </p>
          <p className="field-hint">{t('loyalty.welcome.howTo')}</p>
        </>
      )}
    </section>
  );
}

function MemberPanels({ summary, formError }: { summary: LoyaltySummary; formError: string | null }) {
  const t = useT();
  const tierName = (code: string) => t(TIER_KEYS[code] ?? 'loyalty.tier.member');
  return (
    <>
      {summary.welcomeOffer ? <WelcomeOfferPanel offer={summary.welcomeOffer} /> : null}
      <section className="account-panel" aria-labelledby="perks-balance-title">
        <h2 id="perks-balance-title">{t('loyalty.balance.title')}</h2>
        <dl className="profile-facts perks-balance">
          <div>
            <dt>{t('loyalty.balance.available')}</dt>
            <dd data-testid="perks-available">{t('loyalty.balance.availableValue', { points: summary.availablePoints, value: summary.availableValue.formattedValue })}</dd>
          </div>
          <div>
            <dt>{t('loyalty.balance.pending')}</dt>
            <dd data-testid="perks-pending">{summary.pendingPoints}</dd>
          </div>
        </dl>
        <p className="field-hint">{t('loyalty.balance.pendingHint')}</p>
        {summary.expiringSoonPoints > 0 ? <p className="notice">{t('loyalty.balance.expiring', { points: summary.expiringSoonPoints, days: summary.expiringSoonDays })}</p> : null}
      </section>
      <section className="account-panel" aria-labelledby="perks-tier-title">
        <h2 id="perks-tier-title">{t('loyalty.tier.title')}</h2>
        <p data-testid="perks-tier">{t('loyalty.tier.current', { tier: tierName(summary.tier.code) })}</p>
        <p>{summary.tier.earnBonusBps > 0 ? t('loyalty.tier.bonus', { percent: summary.tier.earnBonusBps / 100 }) : t('loyalty.tier.noBonus')}</p>
        <p className="muted">{summary.nextTier ? t('loyalty.tier.next', { points: summary.pointsToNextTier, tier: tierName(summary.nextTier.code) }) : t('loyalty.tier.top')}</p>
        <Form method="post" className="perks-opt-form">
          <CsrfField />
          <input type="hidden" name="intent" value="opt" />
          <FormAlert id="perks-opt-alert" message={formError} />
          <p>{summary.perksOptIn ? t('loyalty.optin.on') : t('loyalty.optin.off')}</p>
          <button type="submit" name="perksOptIn" value={summary.perksOptIn ? 'false' : 'true'} className="btn btn-secondary">
            {summary.perksOptIn ? t('loyalty.optin.stop') : t('loyalty.optin.start')}
          </button>
        </Form>
      </section>
    </>
  );
}

function HistoryTable({ entries, orderPath }: { entries: LoyaltyHistoryEntry[]; orderPath: (code: string) => string }) {
  const t = useT();
  const { locale } = useShell();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const what = (e: LoyaltyHistoryEntry): string => {
    if (e.kind === 'earned_pending' && e.points < 0) return t('loyalty.kind.earned_pending.shipped');
    const key = `loyalty.kind.${e.kind}` as MessageKey;
    return t(key);
  };
  return (
    <table className="account-table perks-history">
      <thead>
        <tr>
          <th scope="col">{t('loyalty.history.date')}</th>
          <th scope="col">{t('loyalty.history.what')}</th>
          <th scope="col">{t('loyalty.history.points')}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <tr key={e.id}>
            <td>{date.format(new Date(e.createdAt))}</td>
            <td>
              {what(e)}
              {e.orderCode ? (
                <>
                  {' · '}
                  <Link to={orderPath(e.orderCode)}>{t('loyalty.history.order', { code: e.orderCode })}</Link>
                </>
              ) : null}
            </td>
            <td>{e.points > 0 ? `+${e.points}` : String(e.points)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
