/**
 * The document shell: `<html lang>` and the brand theme (CSS custom properties selected by
 * `data-site`), header, main, footer, snackbar, and the root error boundary (generic error page
 * with status 500, spec §2/§8; 404 page for unknown routes; the 503 variant when the store
 * cannot reach its database, issue 9 item 4, lib/unavailable.server.ts).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { RawIntlProvider } from 'react-intl';
import type { IntlConfig, MessageFormatElement } from 'react-intl';
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { pathIsFrench } from '@store/domain';
import type { Lang } from '@store/domain';
import type { Route } from './+types/root';
import { ErrorPage, NotFoundPage } from './components/ErrorPage.tsx';
import { Footer } from './components/layout/Footer.tsx';
import { Header } from './components/layout/Header.tsx';
import { Snackbar } from './components/Snackbar.tsx';
import { CompareTray } from './components/compare/CompareTray.tsx';
import { addToCartErrorKey } from './lib/add-to-cart-result.ts';
import { CartUiContext } from './lib/cart-ui.ts';
import type { CartUi, SnackMessage } from './lib/cart-ui.ts';
import { useNonce } from './lib/nonce.ts';
import { intlFor } from './lib/intl-shape.ts';
import { loadShell } from './lib/shell.server.ts';
import { applyQueryParamCoupon } from './lib/promo.server.ts';
import { pathsFor } from './lib/paths.ts';
import { DEFAULT_SHELL, ShellContext, VISITOR_INFO_ATTRIBUTE, VISITOR_PATH } from './lib/shell-data.ts';
import type { ShellData, VisitorInfo } from './lib/shell-data.ts';
import { useT } from './lib/use-t.ts';
import { isUnavailableError, unavailablePayloadOf } from './lib/unavailable.ts';
import { DocumentElement } from './lib/document-element.tsx';
import { throwIfUnavailable } from './lib/unavailable.server.ts';

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

// The shell's styles (styles/inline.css: base, layout, catalogue, pages, header flyout, promotions,
// auto-delivery offers) are inlined in <head> rather than linked: the first paint waits for no
// stylesheet request (issue 11 item 7, ADR 0023; CSP allows inline styles). The server has the
// minified text; the browser takes it back from the document it hydrates, so the client bundle
// does not carry it and hydration sees the same text.
const INLINE_CSS_ID = 'shell-css';
const inlineCss: string = import.meta.env.SSR
  ? (await import('./styles/inline.css?inline')).default
  : typeof document === 'undefined'
    ? ''
    : (document.getElementById(INLINE_CSS_ID)?.textContent ?? '');

/** Brand, language, header data and cart count; never throws (each part falls back). */
export async function loader(args: Route.LoaderArgs) {
  await throwIfUnavailable(args); // issue 9 item 4: the 503 page's render (lib/unavailable.server.ts)
  await applyQueryParamCoupon(args); // `?coupon=CODE`: applies it and redirects without it (issue 4)
  const { shell, headers } = await loadShell(args);
  return data(shell, { headers });
}

// Message catalogues (ADR 0011): the server has both languages (./i18n/index.ts); the browser
// loads only the page's language, one cached chunk per language, before the app hydrates (the
// top-level await below holds this module, hence hydration, until it is there), and the other
// one in `clientLoader` when a navigation changes the language. `import.meta.env.SSR` is a
// build-time constant: the client build drops the server branch and with it ./i18n/index.ts (a
// static import would stay in the client bundle, as an import for side effects, with both
// languages behind it).
// In the browser the catalogue modules hold ICU ASTs, not strings: the client build compiles
// them (vite-plugins/precompiled-messages.ts, ADR 0023) and react-intl runs without its parser.
const serverMessages = import.meta.env.SSR ? (await import('./i18n/index.ts')).messages : null;
const clientCatalogues: Partial<Record<Lang, CompiledCatalogue>> = {};

/** A catalogue module's export as the client build emits it (compiled, same ids). */
type CompiledCatalogue = Record<string, MessageFormatElement[]>;
const compiledInBrowser = (catalogue: Record<string, string>): CompiledCatalogue => catalogue as unknown as CompiledCatalogue;

async function loadCatalogue(lang: Lang): Promise<void> {
  clientCatalogues[lang] ??= compiledInBrowser(lang === 'fr' ? (await import('./i18n/catalogue.fr.ts')).catalogueFr : (await import('./i18n/catalogue.en.ts')).catalogueEn);
}

if (!import.meta.env.SSR && typeof document !== 'undefined') await loadCatalogue(document.documentElement.lang.startsWith('fr') ? 'fr' : 'en');

/** The catalogue of a language (empty only if the browser could not load it: ids are shown). */
function catalogueOf(lang: Lang): Record<string, string> | CompiledCatalogue {
  return (serverMessages ? serverMessages[lang] : clientCatalogues[lang]) ?? NO_MESSAGES;
}

const NO_MESSAGES: Record<string, string> = {};

/** In the browser, root data comes with the catalogue of its language (a language switch). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const shell = await serverLoader();
  await loadCatalogue(shell.lang);
  return shell;
}

/** react-intl errors: a missing message shows its id; anything else is worth a warning. */
const onIntlError: NonNullable<IntlConfig['onError']> = (err) => {
  if (err.code !== 'MISSING_TRANSLATION') console.warn(err.message);
};

/** The shell data only changes with an action (cart count) or a change of brand or language. */
export function shouldRevalidate({ formMethod, currentUrl, nextUrl, actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod.toUpperCase() !== 'GET') {
    // a refused add to cart changes nothing in the header
    const refused = typeof actionResult === 'object' && actionResult !== null && (actionResult as { ok?: unknown }).ok === false;
    return refused ? false : defaultShouldRevalidate;
  }
  if (pathIsFrench(currentUrl.pathname) !== pathIsFrench(nextUrl.pathname)) return true;
  if (nextUrl.searchParams.has('coupon')) return true;
  if (currentUrl.searchParams.get('site') !== nextUrl.searchParams.get('site')) return true;
  return currentUrl.pathname === nextUrl.pathname && currentUrl.search === nextUrl.search ? defaultShouldRevalidate : false;
}

function flashMessage(shell: ShellData, t: ReturnType<typeof useT>, addedParam: string | null): SnackMessage | null {
  const cart = { href: pathsFor(shell.lang).cart, label: t('addToCart.viewCart') };
  if (shell.flash?.kind === 'added') {
    return {
      kind: 'success',
      text: shell.flash.name ? t('addToCart.added', { name: shell.flash.name }) : t('addToCart.addedGeneric'),
      link: cart,
    };
  }
  if (shell.flash?.kind === 'error') return { kind: 'error', text: shell.flash.text ?? t(addToCartErrorKey(shell.flash.reason)) };
  if (shell.flash?.kind === 'coupon') {
    const { ok, text, link } = shell.flash;
    return { kind: ok ? 'success' : 'error', text, ...(ok && link ? { link: { href: link, label: t('promo.coupon.snackbarShop') } } : {}) };
  }
  if (addedParam) return { kind: 'success', text: t('addToCart.addedGeneric'), link: cart };
  return null;
}

/**
 * The visitor info a composed page carries in `<html data-visitor-info>` (ADR 0040); null on the
 * server and for a page that was not composed. The effect of {@link useDeferredVisitor} removes the
 * attribute once used, so a later mount of the shell (an error boundary's) asks the API.
 */
function composedVisitor(): VisitorInfo | null {
  if (import.meta.env.SSR || typeof document === 'undefined') return null;
  const raw = document.documentElement.getAttribute(VISITOR_INFO_ATTRIBUTE);
  if (raw === null) return null;
  try {
    const v = JSON.parse(raw) as VisitorInfo;
    return typeof v === 'object' && v !== null && typeof v.cartQuantity === 'number' ? v : null;
  } catch {
    return null;
  }
}

/**
 * Issue 11 item 4 (ADR 0019): a page rendered without per-visitor parts (shared through the page
 * cache or a CDN) asks `GET /api/visitor` once loaded for the cart count and account name; a page
 * the server composed for a visitor with a cart (ADR 0040) already holds them, so it hydrates with
 * them and asks nothing. Marks `<html data-visitor="ready">` when the answer is in (end-to-end
 * tests wait for it).
 */
function useDeferredVisitor(mode: ShellData['visitor']): VisitorInfo | null {
  const [composed] = useState(() => (mode === 'deferred' ? composedVisitor() : null));
  const [visitor, setVisitor] = useState<VisitorInfo | null>(composed);
  useEffect(() => {
    if (mode !== 'deferred') return;
    if (composed) {
      document.documentElement.removeAttribute(VISITOR_INFO_ATTRIBUTE);
      document.documentElement.dataset.visitor = 'ready';
      return;
    }
    let live = true;
    fetch(VISITOR_PATH, { headers: { accept: 'application/json' }, credentials: 'same-origin' })
      .then((r) => (r.ok ? (r.json() as Promise<VisitorInfo>) : null))
      .then((v) => {
        if (live && v) setVisitor(v);
      })
      .catch(() => undefined)
      .finally(() => {
        if (live) document.documentElement.dataset.visitor = 'ready';
      });
    return () => {
      live = false;
    };
  }, [mode, composed]);
  return visitor;
}

/** Header, main and footer inside the intl provider; owns the snackbar state. */
function ShellBody({ shell, children }: { shell: ShellData; children: ReactNode }) {
  const t = useT();
  const location = useLocation();
  const addedParam = new URLSearchParams(location.search).get('added');
  const [snack, setSnack] = useState<{ message: SnackMessage | null; serial: number }>(() => ({
    message: flashMessage(shell, t, addedParam),
    serial: 0,
  }));
  const [countOverride, setCountOverride] = useState<number | null>(null);
  useEffect(() => setCountOverride(null), [shell.cartQuantity]);
  const visitor = useDeferredVisitor(shell.visitor);
  useEffect(() => {
    const m = flashMessage(shell, t, null);
    if (m) setSnack((s) => ({ message: m, serial: s.serial + 1 }));
    // a new flash arrives with new loader data only
  }, [shell.flash]);
  const cartUi = useMemo<CartUi>(
    () => ({
      notify: (message) => setSnack((s) => ({ message, serial: s.serial + 1 })),
      setCartQuantity: (q) => setCountOverride(q),
    }),
    [],
  );
  const onClose = useCallback(() => setSnack((s) => ({ message: null, serial: s.serial })), []);
  let view = shell;
  if (visitor && shell.visitor === 'deferred') {
    const auth = { ...shell.auth, isLoggedIn: visitor.isLoggedIn, firstName: visitor.firstName, csrfToken: visitor.csrfToken || shell.auth.csrfToken };
    view = { ...view, cartQuantity: visitor.cartQuantity, auth, cartFreeShipping: visitor.freeShipping ?? null };
  }
  if (countOverride !== null) view = { ...view, cartQuantity: countOverride };
  return (
    <ShellContext.Provider value={view}>
      <CartUiContext.Provider value={cartUi}>
        <a className="skip-link" href="#main">
          {t('a11y.skipToContent')}
        </a>
        <Header />
        <main id="main" tabIndex={-1}>
          <CompareTray />
          {children}
        </main>
        <Footer />
        <Snackbar message={snack.message} serial={snack.serial} onClose={onClose} />
      </CartUiContext.Provider>
    </ShellContext.Provider>
  );
}

/** Set once the document has hydrated (browser only); see {@link DocumentScripts}. */
let documentHydrated = false;

/**
 * React Router's inline scripts (scroll restoration, hydration data, the module imports), in the
 * server's page and in the tree that hydrates it. A copy mounted after hydration (the root error
 * boundary replacing the app re-mounts the document's body) renders nothing: Preact creates
 * elements with `document.createElement`, and a `<script>` created so runs when inserted (React
 * never ran them), which the Content Security Policy refuses (ADR 0036).
 */
function DocumentScripts({ nonce }: { nonce: string }) {
  const [render] = useState(() => import.meta.env.SSR || !documentHydrated);
  useEffect(() => {
    documentHydrated = true;
  }, []);
  if (!render) return null;
  return (
    <>
      <ScrollRestoration nonce={nonce} />
      <Scripts nonce={nonce} />
    </>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const loaded = useRouteLoaderData<typeof loader>('root');
  // the server-rendered 503 page carries its shell in the error, and is static (no scripts)
  const unavailable = unavailablePayloadOf(useRouteError());
  const shell: ShellData = loaded ?? unavailable?.shell ?? DEFAULT_SHELL;
  const nonce = useNonce();
  return (
    <DocumentElement attributes={{ lang: shell.htmlLang, 'data-site': shell.site, dir: 'ltr', 'data-unavailable': unavailable ? 'true' : undefined }}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={shell.site === 'cab2c' ? '#4a2c1d' : '#ffffff'} />
        <Meta />
        <Links />
        {/* last, where React DOM's server renderer puts it anyway (after the hoisted <title>,
            <meta> and <link>), so the browser's Preact hydrates <head> in the same order (ADR 0036) */}
        <style id={INLINE_CSS_ID} dangerouslySetInnerHTML={{ __html: inlineCss }} />
      </head>
      <body>
        {/* one IntlShape per catalogue and locale, reused across renders (lib/intl-shape.ts) */}
        <RawIntlProvider value={intlFor(shell.lang === 'fr' ? 'fr-CA' : 'en', catalogueOf(shell.lang), onIntlError)}>
          <ShellBody shell={shell}>{children}</ShellBody>
        </RawIntlProvider>
        {unavailable ? null : <DocumentScripts nonce={nonce} />}
      </body>
    </DocumentElement>
  );
}

export default function App() {
  // Marks the document once React has hydrated it: end-to-end tests wait for it before typing,
  // so what they type cannot race hydration.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return <Outlet />;
}

function ErrorTitle({ id }: { id: 'notFound.title' | 'error.headline' | 'error.unavailable.headline' }) {
  const t = useT();
  return <title>{t(id)}</title>;
}

/** 404 for unknown pages; 503 while the store cannot reach its database; the generic error page (status 500) for everything else. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const loaded = useRouteLoaderData<typeof loader>('root');
  const location = useLocation();
  const unavailable = unavailablePayloadOf(error);
  const shell = loaded ?? unavailable?.shell ?? DEFAULT_SHELL;
  if (isUnavailableError(error)) {
    return (
      <>
        <ErrorTitle id="error.unavailable.headline" />
        <ErrorPage site={shell.site} lang={shell.lang} unavailable retryHref={unavailable?.retryHref ?? `${location.pathname}${location.search}`} />
      </>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <ErrorTitle id="notFound.title" />
        <NotFoundPage lang={shell.lang} />
      </>
    );
  }
  return (
    <>
      <ErrorTitle id="error.headline" />
      <ErrorPage site={shell.site} lang={shell.lang} />
    </>
  );
}
