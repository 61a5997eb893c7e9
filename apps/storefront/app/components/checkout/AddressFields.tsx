/**
 * Address inputs (shipping and billing) and the read-only address block. The state/province
 * select lists US states on usb2c/usafh and Canadian provinces on cab2c (names in the page
 * language); the postal field is "ZIP code" in the US and "Postal code" in Canada.
 */
import type { Address } from '@store/contracts';
import type { Country } from '@store/domain';
import { useT } from '../../lib/use-t.ts';
import { SelectField, TextField } from './fields.tsx';

/** The address field names, in form order. */
export const ADDRESS_FIELD_ORDER = ['firstName', 'lastName', 'line1', 'line2', 'city', 'region', 'postalCode', 'phone'] as const;
type AddressField = (typeof ADDRESS_FIELD_ORDER)[number];

export interface AddressFieldsProps {
  /** id prefix (`ship`, `bill`) */
  idPrefix: string;
  /** form name prefix (`''` for shipping, `billing-` for billing) */
  namePrefix?: string;
  country: Country;
  regions: ReadonlyArray<{ code: string; name: string }>;
  /** initial values by field name (without prefix) */
  values: Partial<Record<AddressField, string>>;
  /** errors by field name (without prefix) */
  errors: Partial<Record<string, string>>;
  /** field (without prefix) to focus, or null */
  focusField: string | null;
  /** autocomplete section token (`shipping` / `billing`) */
  section: 'shipping' | 'billing';
}

/** The inputs of an address. */
export function AddressFields({ idPrefix, namePrefix = '', country, regions, values, errors, focusField, section }: AddressFieldsProps) {
  const t = useT();
  const f = (name: AddressField) => ({
    id: `${idPrefix}-${name}`,
    name: `${namePrefix}${name}`,
    error: errors[name],
    focus: focusField === name,
    defaultValue: values[name] ?? '',
  });
  const us = country === 'US';
  return (
    <div className="address-fields">
      <div className="field-row">
        <TextField {...f('firstName')} label={t('checkout.address.firstName')} autoComplete={`${section} given-name`} required maxLength={50} />
        <TextField {...f('lastName')} label={t('checkout.address.lastName')} autoComplete={`${section} family-name`} required maxLength={50} />
      </div>
      <TextField {...f('line1')} label={t('checkout.address.line1')} autoComplete={`${section} address-line1`} required maxLength={100} />
      <TextField {...f('line2')} label={t('checkout.address.line2')} autoComplete={`${section} address-line2`} maxLength={100} />
      <div className="field-row field-row-3">
        <TextField {...f('city')} label={t('checkout.address.city')} autoComplete={`${section} address-level2`} required maxLength={60} />
        <SelectField
          {...f('region')}
          label={t(us ? 'checkout.address.state' : 'checkout.address.province')}
          placeholder={t(us ? 'checkout.address.chooseState' : 'checkout.address.chooseProvince')}
          options={regions.map((r) => ({ value: r.code, label: r.name }))}
          autoComplete={`${section} address-level1`}
          required
        />
        <TextField
          {...f('postalCode')}
          label={t(us ? 'checkout.address.zip' : 'checkout.address.postalCode')}
          autoComplete={`${section} postal-code`}
          inputMode={us ? 'numeric' : 'text'}
          autoCapitalize={us ? undefined : 'characters'}
          required
          maxLength={10}
        />
      </div>
      <TextField
        {...f('phone')}
        type="tel"
        label={t('checkout.address.phone')}
        hint={t('checkout.address.phoneHint')}
        autoComplete={`${section} tel`}
        maxLength={25}
      />
      <p className="field-static">
        <span className="field-static-label">{t('format.labelColon', { label: t('checkout.address.country') })}</span>{' '}
        {t(us ? 'checkout.address.countryUS' : 'checkout.address.countryCA')}
      </p>
    </div>
  );
}

/** An address as text lines (summaries, confirmation). */
export function AddressBlock({ address, regions }: { address: Address; regions?: ReadonlyArray<{ code: string; name: string }> }) {
  const region = regions?.find((r) => r.code === address.region)?.code ?? address.region;
  return (
    <address className="address-block">
      {address.firstName} {address.lastName}
      <br />
      {address.line1}
      {address.line2 ? (
        <>
          <br />
          {address.line2}
        </>
      ) : null}
      <br />
      {address.city}, {region} {address.postalCode}
      {address.phone ? (
        <>
          <br />
          {address.phone}
        </>
      ) : null}
    </address>
  );
}
