/**
 * Profile, `/account/profile` and `/fr/compte/profil` (issue 3): the customer's details (email,
 * name, perks opt-in) with an edit form (`?edit=1`), and the change-password form. Both forms are
 * plain POST forms with the CSRF field: they work without JavaScript.
 */
import { Form, Link, useNavigation } from 'react-router';
import type { Route } from './+types/account-profile';
import { AccountLayout } from '../components/account/AccountLayout.tsx';
import { CsrfField } from '../components/account/Csrf.tsx';
import { PasswordField } from '../components/account/PasswordField.tsx';
import accountCss from '../components/account/account.css?url';
import { TextField } from '../components/checkout/fields.tsx';
import { FormAlert } from '../components/checkout/Section.tsx';
import checkoutCss from '../components/checkout/checkout.css?url';
import { pageMeta } from '../lib/meta.ts';
import { useT } from '../lib/use-t.ts';
import { useAccountPaths } from '../components/account/use-account-paths.ts';
import { loadProfile, profileAction } from './account-profile.server.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: checkoutCss },
  { rel: 'stylesheet', href: accountCss },
];

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.meta);

export async function loader(args: Route.LoaderArgs) {
  return loadProfile(args);
}

export async function action(args: Route.ActionArgs) {
  return profileAction(args);
}

export default function AccountProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, done } = loaderData;
  const paths = useAccountPaths();
  const t = useT();
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const profileResult = actionData?.intent === 'profile' ? actionData : undefined;
  const passwordResult = actionData?.intent === 'password' ? actionData : undefined;
  const editing = loaderData.editing || profileResult !== undefined;
  const pErrors = profileResult?.errors ?? { fieldErrors: {}, formError: null };
  const pwErrors = passwordResult?.errors ?? { fieldErrors: {}, formError: null };
  const firstProfileError = Object.keys(pErrors.fieldErrors)[0] ?? null;
  const firstPasswordError = Object.keys(pwErrors.fieldErrors)[0] ?? null;
  const v = profileResult?.values;
  const notice = done === 'profile' ? t('account.profile.saved') : done === 'password' ? t('account.password.saved') : null;
  return (
    <AccountLayout title={t('account.profile.title')} notice={notice}>
      <section className="account-panel" aria-labelledby="profile-details-title">
        <h2 id="profile-details-title">{t('account.profile.details')}</h2>
        {editing ? (
          <Form method="post" noValidate className="checkout-form profile-form">
            <CsrfField />
            <input type="hidden" name="intent" value="profile" />
            <FormAlert id="profile-alert" message={pErrors.formError} />
            <p className="field-static">
              <span className="field-static-label">{t('format.labelColon', { label: t('account.profile.email') })}</span> {profile.email}
            </p>
            <div className="field-row">
              <TextField
                id="profile-first-name"
                name="firstName"
                label={t('account.profile.firstName')}
                autoComplete="given-name"
                required
                maxLength={50}
                defaultValue={v?.firstName ?? profile.firstName}
                error={pErrors.fieldErrors.firstName}
                focus={firstProfileError === 'firstName'}
              />
              <TextField
                id="profile-last-name"
                name="lastName"
                label={t('account.profile.lastName')}
                autoComplete="family-name"
                required
                maxLength={50}
                defaultValue={v?.lastName ?? profile.lastName}
                error={pErrors.fieldErrors.lastName}
                focus={firstProfileError === 'lastName'}
              />
            </div>
            <div className="checkbox-field">
              <input type="checkbox" id="profile-perks" name="perksOptIn" defaultChecked={v ? v.perksOptIn === 'on' : profile.perksOptIn} />
              <label htmlFor="profile-perks">{t('account.profile.perks')}</label>
            </div>
            <div className="account-actions">
              <button type="submit" className="btn btn-primary" disabled={busy('profile')} aria-busy={busy('profile') || undefined}>
                {busy('profile') ? t('account.saving') : t('account.profile.save')}
              </button>
              <Link to={paths.profile}>{t('account.profile.cancel')}</Link>
            </div>
          </Form>
        ) : (
          <>
            <dl className="profile-facts">
              <div>
                <dt>{t('account.profile.email')}</dt>
                <dd>{profile.email}</dd>
              </div>
              <div>
                <dt>{t('account.profile.firstName')}</dt>
                <dd>{profile.firstName}</dd>
              </div>
              <div>
                <dt>{t('account.profile.lastName')}</dt>
                <dd>{profile.lastName}</dd>
              </div>
            </dl>
            <p className="muted">{profile.perksOptIn ? t('account.profile.perksYes') : t('account.profile.perksNo')}</p>
            <p className="field-hint">{t('account.profile.emailNote')}</p>
            <div className="account-actions">
              <Link to={`${paths.profile}?edit=1`} className="btn btn-secondary">
                {t('account.profile.edit')}
              </Link>
            </div>
          </>
        )}
      </section>

      <section className="account-panel" aria-labelledby="password-title">
        <h2 id="password-title">{t('account.password.title')}</h2>
        <Form method="post" noValidate className="checkout-form password-form">
          <CsrfField />
          <input type="hidden" name="intent" value="password" />
          <input type="text" name="username" autoComplete="username" value={profile.email} readOnly hidden />
          <FormAlert id="password-alert" message={pwErrors.formError} />
          <PasswordField
            id="password-current"
            name="oldPassword"
            label={t('account.password.current')}
            autoComplete="current-password"
            error={pwErrors.fieldErrors.oldPassword}
            focus={firstPasswordError === 'oldPassword'}
          />
          <PasswordField
            id="password-new"
            name="newPassword"
            label={t('account.password.new')}
            hint={t('account.password.hint')}
            autoComplete="new-password"
            error={pwErrors.fieldErrors.newPassword}
            focus={firstPasswordError === 'newPassword'}
          />
          <PasswordField
            id="password-confirm"
            name="confirmPassword"
            label={t('account.password.confirm')}
            autoComplete="new-password"
            error={pwErrors.fieldErrors.confirmPassword}
            focus={firstPasswordError === 'confirmPassword'}
          />
          <div className="account-actions">
            <button type="submit" className="btn btn-primary" disabled={busy('password')} aria-busy={busy('password') || undefined}>
              {busy('password') ? t('account.saving') : t('account.password.save')}
            </button>
          </div>
        </Form>
      </section>
    </AccountLayout>
  );
}
