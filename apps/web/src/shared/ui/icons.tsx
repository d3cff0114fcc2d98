import type { SVGProps } from 'react';

/** A small stroke icon set (24×24 grid, 1.75 stroke); decorative, so hidden from assistive technology. */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** Any stroke icon of the set's grid, from its path data (features draw their own glyphs with it). */
export function StrokeIcon({ size = 20, paths, ...props }: IconProps & { paths: readonly string[] }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

export const ArrowLeftIcon = (props: IconProps) => (
  <StrokeIcon paths={['M19 12H5', 'M12 19l-7-7 7-7']} {...props} />
);
export const ChevronLeftIcon = (props: IconProps) => <StrokeIcon paths={['M15 18l-6-6 6-6']} {...props} />;
export const ChevronRightIcon = (props: IconProps) => <StrokeIcon paths={['M9 18l6-6-6-6']} {...props} />;
export const PlusIcon = (props: IconProps) => <StrokeIcon paths={['M12 5v14', 'M5 12h14']} {...props} />;
export const TrashIcon = (props: IconProps) => (
  <StrokeIcon
    paths={['M3 6h18', 'M8 6V4h8v2', 'M19 6l-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6', 'M10 11v6', 'M14 11v6']}
    {...props}
  />
);
export const MenuIcon = (props: IconProps) => (
  <StrokeIcon paths={['M4 6h16', 'M4 12h16', 'M4 18h16']} {...props} />
);
export const CloseIcon = (props: IconProps) => <StrokeIcon paths={['M18 6L6 18', 'M6 6l12 12']} {...props} />;
export const SearchIcon = (props: IconProps) => (
  <StrokeIcon paths={['M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16z', 'M21 21l-4.35-4.35']} {...props} />
);
export const CalendarIcon = (props: IconProps) => (
  <StrokeIcon
    paths={[
      'M8 2v4',
      'M16 2v4',
      'M3 10h18',
      'M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z',
    ]}
    {...props}
  />
);
export const CheckIcon = (props: IconProps) => <StrokeIcon paths={['M20 6L9 17l-5-5']} {...props} />;
export const CheckCircleIcon = (props: IconProps) => (
  <StrokeIcon paths={['M22 11.08V12a10 10 0 1 1-5.93-9.14', 'M22 4L12 14.01l-3-3']} {...props} />
);
export const CopyIcon = (props: IconProps) => (
  <StrokeIcon
    paths={[
      'M9 9h11a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-9a2 2 0 0 1-2-2z',
      'M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1',
    ]}
    {...props}
  />
);
export const DownloadIcon = (props: IconProps) => (
  <StrokeIcon paths={['M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4', 'M7 10l5 5 5-5', 'M12 15V3']} {...props} />
);
export const QrIcon = (props: IconProps) => (
  <StrokeIcon
    paths={[
      'M3 3h7v7H3z',
      'M14 3h7v7h-7z',
      'M3 14h7v7H3z',
      'M14 14h3v3h-3z',
      'M20 14v.01',
      'M14 20h.01',
      'M17 20h4v-3',
    ]}
    {...props}
  />
);
export const ListIcon = (props: IconProps) => (
  <StrokeIcon paths={['M8 6h13', 'M8 12h13', 'M8 18h13', 'M3 6h.01', 'M3 12h.01', 'M3 18h.01']} {...props} />
);
export const ShieldCheckIcon = (props: IconProps) => (
  <StrokeIcon paths={['M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z', 'M9 12l2 2 4-4']} {...props} />
);
export const CursorClickIcon = (props: IconProps) => (
  <StrokeIcon
    paths={['M9 9l5 12 1.8-5.2L21 14z', 'M7.2 2.2L8 5.1', 'M5.1 8L2.2 7.2', 'M14 4.1L12 6', 'M6 12l-1.9 2']}
    {...props}
  />
);
export const FileTextIcon = (props: IconProps) => (
  <StrokeIcon
    paths={[
      'M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z',
      'M14 2v6h6',
      'M16 13H8',
      'M16 17H8',
      'M10 9H8',
    ]}
    {...props}
  />
);
export const CodeIcon = (props: IconProps) => (
  <StrokeIcon paths={['M16 18l6-6-6-6', 'M8 6l-6 6 6 6']} {...props} />
);
export const HelpIcon = (props: IconProps) => (
  <StrokeIcon
    paths={[
      'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z',
      'M9.09 9a3 3 0 0 1 5.83 1c0 2-3 3-3 3',
      'M12 17h.01',
    ]}
    {...props}
  />
);
export const MailIcon = (props: IconProps) => (
  <StrokeIcon
    paths={['M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z', 'M22 6l-10 7L2 6']}
    {...props}
  />
);
export const SendIcon = (props: IconProps) => (
  <StrokeIcon paths={['M22 2L11 13', 'M22 2l-7 20-4-9-9-4z']} {...props} />
);
export const AlertIcon = (props: IconProps) => (
  <StrokeIcon paths={['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M12 8v4', 'M12 16h.01']} {...props} />
);
export const InboxIcon = (props: IconProps) => (
  <StrokeIcon
    paths={[
      'M22 12h-6l-2 3h-4l-2-3H2',
      'M5.45 5.11L2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H7.24a2 2 0 0 0-1.79 1.11z',
    ]}
    {...props}
  />
);
export const ExternalLinkIcon = (props: IconProps) => (
  <StrokeIcon
    paths={['M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6', 'M15 3h6v6', 'M10 14L21 3']}
    {...props}
  />
);
export const RefreshIcon = (props: IconProps) => (
  <StrokeIcon
    paths={[
      'M23 4v6h-6',
      'M1 20v-6h6',
      'M3.51 9a9 9 0 0 1 14.85-3.36L23 10',
      'M1 14l4.64 4.36A9 9 0 0 0 20.49 15',
    ]}
    {...props}
  />
);
export const BarChartIcon = (props: IconProps) => (
  <StrokeIcon paths={['M3 3v18h18', 'M8 17v-6', 'M13 17V7', 'M18 17v-4']} {...props} />
);
export const SlidersIcon = (props: IconProps) => (
  <StrokeIcon
    paths={[
      'M4 21v-7',
      'M4 10V3',
      'M12 21v-9',
      'M12 8V3',
      'M20 21v-5',
      'M20 12V3',
      'M1 14h6',
      'M9 8h6',
      'M17 16h6',
    ]}
    {...props}
  />
);
export const KeyIcon = (props: IconProps) => (
  <StrokeIcon
    paths={[
      'M21 2l-2 2m-7.61 7.61a5.5 5.5 0 1 1-7.778 7.778 5.5 5.5 0 0 1 7.777-7.777zm0 0L15.5 7.5m0 0l3 3L22 7l-3-3m-3.5 3.5L19 4',
    ]}
    {...props}
  />
);
export const ClockIcon = (props: IconProps) => (
  <StrokeIcon paths={['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M12 6v6l4 2']} {...props} />
);
