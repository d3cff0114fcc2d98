import { type IconProps, StrokeIcon } from '../../shared/ui/icons';
import type { BenefitIcon } from './content';

// Landing-only icons, drawn with the shared set's StrokeIcon (24×24 grid, same stroke) at 24 px; decorative.
const BENEFIT_PATHS: Record<BenefitIcon, readonly string[]> = {
  wallet: [
    'M19 7V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2v-3',
    'M21 12h-5a2 2 0 0 0 0 4h5v-4z',
    'M3 7h16a2 2 0 0 1 2 2v3',
  ],
  bolt: ['M13 2L4 14h7l-1 8 9-12h-7l1-8z'],
  plug: ['M9 2v6', 'M15 2v6', 'M6 8h12v4a6 6 0 0 1-12 0V8z', 'M12 18v4'],
  chart: ['M3 3v18h18', 'M7 15l4-4 3 3 6-6', 'M16 8h4v4'],
};

export function BenefitGlyph({ icon, size = 24, ...props }: IconProps & { icon: BenefitIcon }) {
  return <StrokeIcon paths={BENEFIT_PATHS[icon]} size={size} {...props} />;
}

export const ArrowRightIcon = ({ size = 24, ...props }: IconProps) => (
  <StrokeIcon size={size} paths={['M5 12h14', 'M12 5l7 7-7 7']} {...props} />
);
export const ArrowDownIcon = ({ size = 24, ...props }: IconProps) => (
  <StrokeIcon size={size} paths={['M12 5v14', 'M19 12l-7 7-7-7']} {...props} />
);
export const TelegramIcon = ({ size = 24, ...props }: IconProps) => (
  <StrokeIcon
    size={size}
    paths={['M22 3L2 10.5l7 2.5', 'M22 3l-4 18-9-8', 'M22 3L9 13v6l3.5-3.5']}
    {...props}
  />
);
export const ShieldIcon = ({ size = 24, ...props }: IconProps) => (
  <StrokeIcon
    size={size}
    paths={['M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z', 'M9 12l2 2 4-4']}
    {...props}
  />
);
export const QuoteIcon = (props: IconProps) => (
  <svg width={32} height={32} viewBox="0 0 32 32" aria-hidden="true" focusable="false" {...props}>
    <path
      fill="currentColor"
      d="M13 8c-4.4 1.6-7 5.2-7 10.2V24h7.5v-7.4H10c.2-2.8 1.6-4.7 4.1-5.8L13 8zm13 0c-4.4 1.6-7 5.2-7 10.2V24h7.5v-7.4H23c.2-2.8 1.6-4.7 4.1-5.8L26 8z"
    />
  </svg>
);
