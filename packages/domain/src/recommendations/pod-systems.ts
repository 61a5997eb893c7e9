/**
 * Pod systems (issue 13, ADR 0033): which pods fit which brewer. A language-independent code on
 * every pod beverage (`podSystem`) and a list on every brewer (`podSystems`, the pods it accepts).
 * Bagged and canned coffee, accessories, gift cards and bundles have none.
 *
 * - `classic`: the standard single-cup Brewhaus pod; every home and office brewer takes it.
 * - `carafe`: the large pod that brews a 4-cup carafe; only carafe-capable brewers.
 * - `max`: the tall office pod (14 oz cups); only the office brewers and the top home brewer.
 */

/** Every pod system code, in display order. */
export const POD_SYSTEMS = ['classic', 'carafe', 'max'] as const;
/** A pod system code (see {@link POD_SYSTEMS}). */
export type PodSystem = (typeof POD_SYSTEMS)[number];

/** Display names of the pod systems, per language (PDP classification feature, spec §3). */
export const POD_SYSTEM_LABELS: Record<'en' | 'fr', Record<PodSystem, string>> = {
  en: { classic: 'Classic pod', carafe: 'Carafe pod', max: 'Max pod' },
  fr: { classic: 'Capsule classique', carafe: 'Capsule carafe', max: 'Capsule Max' },
};

/** Is `value` a known pod system code? */
export function isPodSystem(value: unknown): value is PodSystem {
  return typeof value === 'string' && (POD_SYSTEMS as readonly string[]).includes(value);
}

/**
 * Parse the stored form of a brewer's accepted systems (`products.pod_systems`: codes separated by
 * spaces, e.g. `"classic carafe"`). Unknown codes and duplicates are dropped; null/empty → `[]`.
 * Result in {@link POD_SYSTEMS} order.
 */
export function parsePodSystems(stored: string | null | undefined): PodSystem[] {
  if (!stored) return [];
  const set = new Set(stored.split(/\s+/).filter(isPodSystem));
  return POD_SYSTEMS.filter((s) => set.has(s));
}

/** The stored form of a list of pod systems (see {@link parsePodSystems}); `null` for none. */
export function formatPodSystems(systems: readonly PodSystem[]): string | null {
  const set = new Set(systems);
  const list = POD_SYSTEMS.filter((s) => set.has(s));
  return list.length === 0 ? null : list.join(' ');
}

/** Does a pod of system `pod` fit a brewer accepting `accepts`? A beverage with no pod system fits no brewer. */
export function podFits(accepts: readonly PodSystem[], pod: PodSystem | null): boolean {
  return pod !== null && accepts.includes(pod);
}

/** The classification feature shown on PDPs for a product's pod system(s) (both languages). */
export interface PodSystemFeature {
  classCode: 'POD_COMPATIBILITY';
  className: { en: string; fr: string };
  code: 'POD_SYSTEM' | 'ACCEPTS_POD_SYSTEMS';
  name: { en: string; fr: string };
  value: { en: string; fr: string };
}

/**
 * The derived classification feature for a pod (`podSystem`) or a brewer (`podSystems`), or
 * `null` when the product has neither. The importer stores it with the product's other features,
 * so the PDP, compare pages and search see it like any other feature.
 */
export function podSystemFeature(podSystem: PodSystem | null, podSystems: readonly PodSystem[]): PodSystemFeature | null {
  const className = { en: 'Pod compatibility', fr: 'Compatibilité des capsules' };
  if (podSystem !== null) {
    return {
      classCode: 'POD_COMPATIBILITY',
      className,
      code: 'POD_SYSTEM',
      name: { en: 'Pod system', fr: 'Système de capsule' },
      value: { en: POD_SYSTEM_LABELS.en[podSystem], fr: POD_SYSTEM_LABELS.fr[podSystem] },
    };
  }
  if (podSystems.length > 0) {
    const list = POD_SYSTEMS.filter((s) => podSystems.includes(s));
    return {
      classCode: 'POD_COMPATIBILITY',
      className,
      code: 'ACCEPTS_POD_SYSTEMS',
      name: { en: 'Accepted pods', fr: 'Capsules acceptées' },
      value: { en: list.map((s) => POD_SYSTEM_LABELS.en[s]).join(', '), fr: list.map((s) => POD_SYSTEM_LABELS.fr[s]).join(', ') },
    };
  }
  return null;
}
