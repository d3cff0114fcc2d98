import { getStatusInfo } from '@b2bpay/domain';
import { cn } from '../lib/cn';
import { badgeColors } from '../lib/color';

export interface StatusBadgeProps {
  /** An order status code; unknown codes show as their raw text in grey. */
  status?: string;
  /** Or an explicit label and colour, e.g. the 'Новый' badge of a just-created order. */
  label?: string;
  color?: string;
  className?: string;
}

/** The status text on a tint of its colour, with a dot of the exact colour: never colour alone. */
export function StatusBadge({ status, label, color, className }: StatusBadgeProps) {
  const info = status !== undefined ? getStatusInfo(status) : null;
  const text = label ?? info?.text ?? '';
  const colors = badgeColors(color ?? info?.color ?? '#808080');
  return (
    <span
      className={cn(
        'inline-flex max-w-full items-center gap-1.5 rounded-full px-2.5 py-1 text-[13px] leading-4 font-medium',
        className,
      )}
      style={{ backgroundColor: colors.background, color: colors.color }}
      data-status={info?.code}
    >
      <span
        className="size-2 shrink-0 rounded-full"
        style={{ backgroundColor: colors.dot }}
        aria-hidden="true"
      />
      <span className="truncate">{text}</span>
    </span>
  );
}
