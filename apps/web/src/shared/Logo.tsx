/** The product mark: a POS terminal on the primary colour. */
export const Logo = ({ size = 32 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" className="cpm-logo-mark">
    <rect width="64" height="64" rx="14" fill="var(--cpm-primary, #1677ff)" />
    <rect x="18" y="12" width="28" height="40" rx="5" fill="#fff" />
    <rect x="22" y="17" width="20" height="14" rx="2" fill="var(--cpm-primary, #1677ff)" opacity=".85" />
    <g fill="var(--cpm-primary, #1677ff)">
      <circle cx="25" cy="37" r="2" />
      <circle cx="32" cy="37" r="2" />
      <circle cx="39" cy="37" r="2" />
      <circle cx="25" cy="44" r="2" />
      <circle cx="32" cy="44" r="2" />
      <circle cx="39" cy="44" r="2" />
    </g>
  </svg>
);
