/**
 * Base sites and site configuration (spec §3 "Site configuration: key/value lists", spec §9,
 * business-defaults.md). Operators change values in `site_config`; code reads them here.
 */
import { cachedRead, hasReadCache, type Executor } from '../connection.ts';

/** A base site row, decoded. */
export interface BaseSiteRecord {
  uid: string;
  name: string;
  currency: string;
  languages: string[];
  defaultLanguage: string;
  theme: string;
}

/** The base site `uid`, or null when unknown. Cached for the handle's read-cache TTL (ADR 0011). */
export async function getBaseSite(db: Executor, uid: string): Promise<BaseSiteRecord | null> {
  const row = await cachedRead(db, `base_sites:${uid}`, () => db.selectFrom('base_sites').selectAll().where('uid', '=', uid).executeTakeFirst());
  if (!row) return null;
  return {
    uid: row.uid,
    name: row.name,
    currency: row.currency,
    languages: row.languages.split(',').filter(Boolean),
    defaultLanguage: row.default_language,
    theme: row.theme,
  };
}

/** A site's whole configuration, read through the handle's read cache (one statement per TTL). */
function siteConfigRows(db: Executor, site: string): Promise<ReadonlyArray<{ key: string; value: string }>> {
  return cachedRead(db, `site_config:${site}`, () =>
    db.selectFrom('site_config').select(['key', 'value']).where('base_site', '=', site).orderBy('key').execute(),
  );
}

/**
 * Every key/value of a site's configuration, sorted by key. Cached for the handle's read-cache
 * TTL (ADR 0011): an operator's change shows within that time.
 */
export async function getSiteConfig(db: Executor, site: string): Promise<Array<{ key: string; value: string }>> {
  return (await siteConfigRows(db, site)).map((r) => ({ key: r.key, value: r.value }));
}

/**
 * Some keys of a site's configuration (missing keys are absent from the map). With a read cache
 * (ADR 0011) the whole configuration of the site is read once per TTL and the keys picked from
 * it; without one (tests, transactions) only the keys are read.
 */
export async function getSiteConfigValues(db: Executor, site: string, keys: readonly string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  if (hasReadCache(db)) {
    const wanted = new Set(keys);
    return new Map((await siteConfigRows(db, site)).filter((r) => wanted.has(r.key)).map((r) => [r.key, r.value]));
  }
  const rows = await db
    .selectFrom('site_config')
    .select(['key', 'value'])
    .where('base_site', '=', site)
    .where('key', 'in', [...keys])
    .execute();
  return new Map(rows.map((r) => [r.key, r.value]));
}
