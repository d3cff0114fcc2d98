import { cn } from '../../../../shared/lib/cn';

export const LIVE_MODE_TEXT = 'Боевой режим';
export const TEST_MODE_TEXT = 'Тестовый режим';

/**
 * The mode of a secret key, which cannot be switched (the key is of one mode): a pill with its name,
 * amber for test, grey for live. Text, not colour alone, says which.
 */
export function ModeBadge({ livemode, className }: { livemode: boolean; className?: string }) {
  return (
    <span
      data-testid="mode-badge"
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-1 text-[13px] leading-4 font-medium whitespace-nowrap',
        livemode
          ? 'border-slate-300 bg-slate-100 text-slate-800'
          : 'border-amber-300 bg-amber-50 text-amber-900',
        className,
      )}
    >
      {livemode ? LIVE_MODE_TEXT : TEST_MODE_TEXT}
    </span>
  );
}

/** «Тест» beside a test order's number (its `livemode` is false): in the list and on its page. */
export function TestOrderBadge({ className }: { className?: string }) {
  return (
    <span
      data-testid="test-order-badge"
      className={cn(
        'inline-flex items-center rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-[13px] leading-4 font-medium text-amber-900',
        className,
      )}
    >
      Тест
    </span>
  );
}
