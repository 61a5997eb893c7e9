/**
 * Base sites and site configuration (spec §3 "Site configuration: key/value lists", spec §9,
 * business-defaults.md). Operators change values in `site_config`; code reads them here.
 */
import type { Executor } from '../connection.ts';

/** A base site row, decoded. */
export interface BaseSiteRecord {
  uid: string;
  name: string;
  currency: string;
  languages: string[];
  defaultLanguage: string;
  theme: string;
}

/** The base site `uid`, or null when unknown. */
export async function getBaseSite(db: Executor, uid: string): Promise<BaseSiteRecord | null> {
  const row = await db.selectFrom('base_sites').selectAll().where('uid', '=', uid).executeTakeFirst();
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

/** Every key/value of a site's configuration, sorted by key. */
export async function getSiteConfig(db: Executor, site: string): Promise<Array<{ key: string; value: string }>> {
  return db.selectFrom('site_config').select(['key', 'value']).where('base_site', '=', site).orderBy('key').execute();
}

/** Some keys of a site's configuration (missing keys are absent from the map). */
export async function getSiteConfigValues(db: Executor, site: string, keys: readonly string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom('site_config')
    .select(['key', 'value'])
    .where('base_site', '=', site)
    .where('key', 'in', [...keys])
    .execute();
  return new Map(rows.map((r) => [r.key, r.value]));
}
