/**
 * The three base sites (spec §1, business-defaults): rows of `base_sites`. The importer inserts
 * any that are missing (prices and product sites reference them); `seedContent` writes them all.
 */
import type { Insertable } from 'kysely';
import type { BaseSiteUid } from '@store/contracts';
import type { BaseSiteTable } from '../schema.ts';

export const SITE_DEFINITIONS: Record<BaseSiteUid, Insertable<BaseSiteTable>> = {
  usb2c: { uid: 'usb2c', name: 'Brewhaus', currency: 'USD', languages: 'en', default_language: 'en', theme: 'white' },
  cab2c: { uid: 'cab2c', name: 'Brewhaus Canada', currency: 'CAD', languages: 'en,fr', default_language: 'en', theme: 'brown' },
  usafh: { uid: 'usafh', name: 'Brewhaus Office', currency: 'USD', languages: 'en', default_language: 'en', theme: 'white' },
};
