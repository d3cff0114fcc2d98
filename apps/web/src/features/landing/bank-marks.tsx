import { PARTNER_BANKS, type PartnerBankId } from '@b2bpay/domain';

/**
 * Our own simple marks for the sandbox partner banks (no real bank's mark): a tile of the bank's colour
 * with one white symbol — a north star, Volga waves, Ural peaks. The same drawing is written to
 * /banks/{id}.svg by the build (build/prerender-landing.ts) for pages that want an image file.
 */
interface MarkShape {
  fill?: string;
  stroke?: string;
}

const SYMBOLS: Record<PartnerBankId, { d: string; shape: MarkShape }> = {
  sever: {
    d: 'M20 7.5 23.2 16.8 32.5 20 23.2 23.2 20 32.5 16.8 23.2 7.5 20 16.8 16.8Z',
    shape: { fill: '#fff' },
  },
  volga: {
    d: 'M8.5 16c3.8-3.2 7.7-3.2 11.5 0s7.7 3.2 11.5 0M8.5 24c3.8-3.2 7.7-3.2 11.5 0s7.7 3.2 11.5 0',
    shape: { stroke: '#fff' },
  },
  ural: { d: 'M6.5 29.5 15.5 13.5 21 22.5 25 16.5 33.5 29.5Z', shape: { fill: '#fff' } },
};

export const BANK_MARK_VIEWBOX = '0 0 40 40';

/** The mark as a standalone SVG document (for /banks/{id}.svg). */
export function bankMarkSvg(id: PartnerBankId): string {
  const bank = PARTNER_BANKS.find((b) => b.id === id);
  if (!bank) throw new Error(`Unknown partner bank ${id}`);
  const { d, shape } = SYMBOLS[id];
  const paint = shape.stroke
    ? `fill="none" stroke="${shape.stroke}" stroke-width="2.6" stroke-linecap="round"`
    : `fill="${shape.fill}"`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${BANK_MARK_VIEWBOX}" width="40" height="40">` +
    `<title>${bank.name}</title><rect width="40" height="40" rx="10" fill="${bank.color}"/>` +
    `<path d="${d}" ${paint}/></svg>\n`
  );
}

/** The mark inline (decorative: the bank's name is always written beside it). */
export function BankMark({ id, size = 32 }: { id: PartnerBankId; size?: number }) {
  const bank = PARTNER_BANKS.find((b) => b.id === id);
  const { d, shape } = SYMBOLS[id];
  return (
    <svg width={size} height={size} viewBox={BANK_MARK_VIEWBOX} aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="10" fill={bank?.color} />
      {shape.stroke ? (
        <path d={d} fill="none" stroke={shape.stroke} strokeWidth={2.6} strokeLinecap="round" />
      ) : (
        <path d={d} fill={shape.fill} />
      )}
    </svg>
  );
}

/** The three partner banks, mark and name, as a list. */
export function PartnerBanks({ className }: { className?: string }) {
  return (
    <ul className={className}>
      {PARTNER_BANKS.map((bank) => (
        <li key={bank.id} className="flex items-center gap-2.5">
          <BankMark id={bank.id} />
          <span className="text-sm font-medium leading-tight text-slate-700">{bank.name}</span>
        </li>
      ))}
    </ul>
  );
}
