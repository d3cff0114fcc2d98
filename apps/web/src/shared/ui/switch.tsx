import { cn } from '../lib/cn';

/**
 * An on/off switch (WAI-ARIA switch pattern): a button with role="switch" and aria-checked, named by
 * its visible label, so Space and Enter toggle it as any button. The whole row is the target, at least
 * 44 px high (UI.md); the track's state is told by the thumb's place and colour and by aria-checked,
 * never by colour alone.
 */
export function Switch({
  label,
  checked,
  onChange,
  className,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      onClick={() => onChange(!checked)}
      className={cn(
        'inline-flex min-h-11 min-w-11 items-center gap-2.5 rounded-[var(--radius-control)] px-2 text-[15px] font-medium text-slate-800',
        'transition-colors duration-150 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 transition-colors duration-150',
          checked ? 'border-amber-700 bg-amber-700' : 'border-slate-500 bg-slate-500',
        )}
      >
        <span
          className={cn(
            'size-4 rounded-full bg-white shadow-sm transition-transform duration-150 motion-reduce:transition-none',
            checked ? 'translate-x-[22px]' : 'translate-x-0.5',
          )}
        />
      </span>
      <span>{label}</span>
    </button>
  );
}
