import type { Ref } from 'react';
import { cn } from '../../../shared/lib/cn';
import { Button, type ButtonProps } from '../../../shared/ui/button';
import { CalendarIcon } from '../../../shared/ui/icons';
import { rangeLabel } from './calendar';

/** The 'Дата/Даты' button of the date filter: the calendar's trigger, and its stand-in until it loads. */
export function DateRangeButton({
  startDate,
  endDate,
  label: buttonLabel = 'Дата/Даты',
  className,
  ...props
}: ButtonProps & {
  startDate: string | null;
  endDate: string | null;
  label?: string;
  ref?: Ref<HTMLButtonElement>;
}) {
  const label = rangeLabel(startDate, endDate);
  return (
    <Button
      variant="secondary"
      icon={<CalendarIcon size={18} />}
      className={cn(
        'w-full scroll-mt-20 justify-start sm:w-auto',
        label && 'border-brand-200 bg-brand-50 text-brand-900',
        className,
      )}
      {...props}
    >
      {/* One text, so nothing comes between the word and its colon; it wraps rather than being cut. */}
      <span className="text-left whitespace-normal tabular-nums">
        {label ? `${buttonLabel}: ${label}` : buttonLabel}
      </span>
    </Button>
  );
}
