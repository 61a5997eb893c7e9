/**
 * What the auto-delivery home flows and the scheduler share (issue 10, ADR 0018): the site's
 * auto-delivery settings, and the conversion between a `subscriptions` row and the domain's
 * {@link SubscriptionSchedule}.
 */
import type { Executor, SubscriptionRow } from '@store/db';
import type { AutoDeliveryProgram, AutoDeliverySettings, BaseSiteId, SubscriptionSchedule, SubscriptionStatus } from '@store/domain';
import { loadAutoDeliverySettings } from './auto-delivery-buy.ts';

/**
 * The auto-delivery settings of a site (`site_config`, ADR 0018 table), parsed leniently: a bad
 * value falls back to the site default (the domain reports it; it is never thrown). The buying
 * flows' loader, shared so both read the settings the same way.
 */
export const loadAdSettings: (db: Executor, site: BaseSiteId) => Promise<AutoDeliverySettings> = loadAutoDeliverySettings;

/** The schedule columns of a subscription row as the domain's value. */
export function scheduleOf(row: Pick<SubscriptionRow, 'program' | 'status' | 'next_ship_date' | 'paused_until' | 'frequency_weeks' | 'day_of_month'>): SubscriptionSchedule {
  return {
    program: row.program as AutoDeliveryProgram,
    status: row.status as SubscriptionStatus,
    nextShipDate: row.next_ship_date,
    pausedUntil: row.paused_until,
    frequencyWeeks: row.frequency_weeks === null ? null : Number(row.frequency_weeks),
    dayOfMonth: row.day_of_month === null ? null : Number(row.day_of_month),
  };
}

/** The columns a schedule change writes. */
export function schedulePatch(s: SubscriptionSchedule): { status: string; next_ship_date: string; paused_until: string | null; frequency_weeks: number | null; day_of_month: number | null } {
  return { status: s.status, next_ship_date: s.nextShipDate, paused_until: s.pausedUntil, frequency_weeks: s.frequencyWeeks, day_of_month: s.dayOfMonth };
}
