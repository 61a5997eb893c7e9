/**
 * Brewer compare `/compare/brewers?items=` (`/fr/comparer/cafetieres`) and product comparison
 * `/compare?items=` (`/fr/comparer`) (issue 13; spec §2, §4; ADR 0031). Server-rendered; works
 * without JavaScript: "hide identical rows" and "show all rows" are links, "Remove" is a POST
 * form. On a phone the item columns swipe sideways (scroll snap) beside a sticky feature column.
 * Spec §4 states: loading (a client navigation between comparisons: `aria-busy`, a status
 * message, the table dimmed), success (the table), error (an alert in the page, see compare.server.ts).
 */
import { Form, Link, useLocation, useNavigation } from 'react-router';
import { comparisonCellText } from '@store/domain';
import type { ComparisonAnswer } from '@store/contracts';
import type { Route } from './+types/compare';
import compareCss from '../components/compare/compare.css?url';
import { Price } from '../components/product/Price.tsx';
import { CsrfField } from '../lib/csrf.tsx';
import { compareListPath, compareUrl, type CompareKind } from '../lib/compare.ts';
import { pageMeta } from '../lib/meta.ts';
import { pathsFor, CATEGORY_CODES } from '../lib/paths.ts';
import { useShell } from '../lib/shell-data.ts';
import { useT } from '../lib/use-t.ts';
import { loadComparePage } from './compare.server.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: compareCss }];

export async function loader(args: Route.LoaderArgs) {
  return loadComparePage(args);
}

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.meta);

function RemoveForm({ kind, code, name, codes, hide }: { kind: CompareKind; code: string; name: string; codes: string[]; hide: boolean }) {
  const { lang } = useShell();
  const t = useT();
  return (
    <Form method="post" action={compareListPath(lang)} className="compare-remove">
      <CsrfField />
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="code" value={code} />
      <input type="hidden" name="items" value={codes.join(',')} />
      <input type="hidden" name="returnToCompare" value="1" />
      {hide ? <input type="hidden" name="hide" value="1" /> : null}
      <button type="submit" className="link-button">
        {t('compare.remove')}
        <span className="visually-hidden"> ({name})</span>
      </button>
    </Form>
  );
}

function CompareTable({ kind, comparison, codes, hide }: { kind: CompareKind; comparison: ComparisonAnswer; codes: string[]; hide: boolean }) {
  const { locale } = useShell();
  const t = useT();
  const products = comparison.products;
  const rows = comparison.classifications.flatMap((g) => g.rows);
  const differsLabel = <span className="visually-hidden"> ({t('compare.differs')})</span>;
  return (
    <div className="compare-scroll" role="region" aria-labelledby="compare-caption" tabIndex={0} style={{ ['--compare-cols' as string]: products.length }}>
      <table className="compare-table">
        <caption id="compare-caption" className="visually-hidden">
          {t('compare.caption', { count: products.length })}
        </caption>
        <thead>
          <tr>
            <td className="compare-corner" />
            {products.map((p) => (
              <th key={p.code} scope="col" className="compare-product">
                {p.images[0] ? <img src={p.images[0].url} alt="" width={160} height={160} className="compare-image" /> : null}
                <Link to={p.url} className="compare-name">
                  {p.name}
                </Link>
                <RemoveForm kind={kind} code={p.code} name={p.name} codes={codes} hide={hide} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr className={comparison.price.differs ? 'compare-row differs' : 'compare-row'}>
            <th scope="row">
              {t('compare.price')}
              {comparison.price.differs ? differsLabel : null}
            </th>
            {products.map((p) => (
              <td key={p.code}>
                <Price input={p} locale={locale} />
              </td>
            ))}
          </tr>
        </tbody>
        {comparison.classifications.map((g) => (
          <tbody key={g.code}>
            <tr className="compare-group">
              <th scope="rowgroup" colSpan={products.length + 1}>
                <span className="compare-group-name">{g.name}</span>
              </th>
            </tr>
            {g.rows.map((r) => (
              <tr key={r.code} className={r.differs ? 'compare-row differs' : 'compare-row'}>
                <th scope="row">
                  {r.name}
                  {r.differs ? differsLabel : null}
                </th>
                {r.values.map((v, i) => (
                  <td key={products[i]?.code ?? i} className={v === null ? 'compare-missing' : undefined}>
                    {v === null ? (
                      <>
                        <span aria-hidden="true">{comparisonCellText(v)}</span>
                        <span className="visually-hidden">{t('compare.missing')}</span>
                      </>
                    ) : (
                      v
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        ))}
      </table>
      {rows.length === 0 ? <p className="compare-note">{hide ? t('compare.allIdentical') : t('compare.noFeatures')}</p> : null}
    </div>
  );
}

export default function ComparePage({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  const { lang } = useShell();
  const t = useT();
  const paths = pathsFor(lang);
  const { kind, codes, hide } = data;
  // spec §4 loading state: a client navigation to another comparison (hide, remove) marks the page busy
  const navigation = useNavigation();
  const location = useLocation();
  const loading = navigation.state !== 'idle' && navigation.location?.pathname === location.pathname;
  const title = t(kind === 'brewers' ? 'compare.brewers.title' : 'compare.products.title');
  const browse =
    kind === 'brewers' ? (
      <Link to={paths.category(CATEGORY_CODES.brewers)}>{t('compare.browseBrewers')}</Link>
    ) : (
      <Link to={paths.category(CATEGORY_CODES.beverages)}>{t('compare.browseProducts')}</Link>
    );
  return (
    <div className="container compare-page" aria-busy={loading || undefined}>
      {loading ? (
        <p className="compare-loading visually-hidden" role="status">
          {t('compare.loading')}
        </p>
      ) : null}
      <header className="compare-header">
        <h1>{title}</h1>
        {data.state === 'success' ? <p className="muted">{t('compare.intro')}</p> : null}
      </header>
      {data.tooMany ? (
        <p className="compare-message" role="status">
          {t('compare.tooMany')}
        </p>
      ) : null}
      {data.state === 'empty' ? (
        <section className="compare-empty" aria-labelledby="compare-empty-title">
          <h2 id="compare-empty-title">{t('compare.empty.title')}</h2>
          <p>{t(kind === 'brewers' ? 'compare.empty.brewers' : 'compare.empty.products')}</p>
          <p>{browse}</p>
        </section>
      ) : null}
      {data.state === 'one' ? (
        <section className="compare-empty">
          <p>{t('compare.one', { name: data.product?.name ?? codes[0] ?? '' })}</p>
          {data.product ? <RemoveForm kind={kind} code={data.product.code} name={data.product.name} codes={codes} hide={hide} /> : null}
          <p>{browse}</p>
        </section>
      ) : null}
      {data.state === 'error' ? (
        <div className="compare-error" role="alert">
          <p>
            {data.reason === 'notFound' && data.code
              ? t('compare.notFound', { code: data.code })
              : data.reason === 'notABrewer' && data.code
                ? t('compare.notABrewer', { code: data.code })
                : t('compare.error')}
          </p>
          {data.code ? (
            <p>
              <Link to={compareUrl(kind, lang, codes.filter((c) => c !== data.code), hide)}>{t('compare.retry')}</Link>
            </p>
          ) : (
            <p>
              <Link to={compareUrl(kind, lang, codes, hide)} reloadDocument>
                {t('compare.retry')}
              </Link>
            </p>
          )}
        </div>
      ) : null}
      {data.state === 'success' ? (
        <>
          <div className="compare-tools">
            <Link className="btn btn-secondary btn-small compare-hide" to={compareUrl(kind, lang, codes, !hide)} preventScrollReset>
              {hide ? t('compare.showAll') : t('compare.hideIdentical')}
            </Link>
            <span className="muted">{hide ? t('compare.hiddenCount', { count: data.comparison.identicalRowCount }) : null}</span>
            <a className="compare-share" href={compareUrl(kind, lang, codes, hide)}>
              {t('compare.share')}
            </a>
          </div>
          <p className="compare-swipe muted">{t('compare.swipe')}</p>
          <CompareTable kind={kind} comparison={data.comparison} codes={codes} hide={hide} />
        </>
      ) : null}
    </div>
  );
}
