import { cn } from '../../shared/lib/cn';
import { useCopy } from '../../shared/lib/use-copy';
import { CheckIcon, CopyIcon } from '../../shared/ui/icons';

/**
 * Copies `text`; a check icon and «Скопировано» replace the copy icon for 2 s (spec §4, §9).
 * `what` names the thing copied for screen readers, e.g. the file name.
 */
export function CopyButton({ text, what, className }: { text: string; what: string; className?: string }) {
  const { copied, copy } = useCopy();
  return (
    <>
      <button
        type="button"
        onClick={() => void copy(text)}
        className={cn(
          'inline-flex min-h-9 items-center gap-1.5 rounded-[var(--radius-control)] px-2.5 text-sm font-medium',
          'transition-colors duration-150 focus-visible:outline-2 focus-visible:outline-offset-2',
          copied ? 'text-green-300' : 'text-slate-200 hover:bg-white/10 hover:text-white',
          className,
        )}
        aria-label={copied ? `Скопировано: ${what}` : `Копировать ${what}`}
        data-copied={copied || undefined}
      >
        {copied ? <CheckIcon size={16} data-icon="check" /> : <CopyIcon size={16} data-icon="copy" />}
        <span aria-hidden="true">{copied ? 'Скопировано' : 'Копировать'}</span>
      </button>
      <span role="status" className="sr-only">
        {copied ? `Скопировано: ${what}` : ''}
      </span>
    </>
  );
}
