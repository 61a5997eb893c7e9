/**
 * The Brewhaus wordmark (original artwork): a coffee-bean mark and the name, drawn in
 * `currentColor` so it follows the brand header's text colour. The sub-line names the store
 * (Canada, Office).
 */
import type { BaseSiteId } from '@store/domain';

const SUBLINE: Record<BaseSiteId, string | null> = { usb2c: null, cab2c: 'CANADA', usafh: 'OFFICE' };

/** The logo of a brand, decorative (the link around it carries the accessible name). */
export function Logo({ site }: { site: BaseSiteId }) {
  const sub = SUBLINE[site];
  return (
    <svg className="logo" viewBox="0 0 210 48" width="168" height="38" aria-hidden="true" focusable="false">
      <g transform="translate(4 6) rotate(-28 18 18)">
        <ellipse cx="18" cy="18" rx="13" ry="18" fill="currentColor" />
        <path d="M18 1c-6 8 6 26 0 34" fill="none" stroke="var(--logo-cut, #fff)" strokeWidth="2.6" strokeLinecap="round" />
      </g>
      <text
        x="46"
        y={sub ? 28 : 33}
        fill="currentColor"
        fontFamily="Georgia, 'Times New Roman', serif"
        fontSize="27"
        fontWeight="700"
        letterSpacing="0.5"
      >
        Brewhaus
      </text>
      {sub ? (
        <text x="47" y="44" fill="currentColor" fontFamily="system-ui, sans-serif" fontSize="10" fontWeight="600" letterSpacing="4">
          {sub}
        </text>
      ) : null}
    </svg>
  );
}
