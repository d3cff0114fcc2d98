import { useCopy } from '../lib/use-copy';
import { Button } from './button';
import { CheckIcon, CopyIcon } from './icons';

/** A value shown in full (a key, a secret) with its «Копировать» button. */
export function CopyableValue({ value }: { value: string }) {
  const { copied, copy } = useCopy();
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-stretch">
      <code className="flex min-h-11 min-w-0 flex-1 items-center rounded-[var(--radius-control)] border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900">
        {value}
      </code>
      <Button
        variant="secondary"
        icon={copied ? <CheckIcon size={18} className="text-green-700" /> : <CopyIcon size={18} />}
        onClick={() => void copy(value)}
        aria-live="polite"
      >
        {copied ? 'Скопировано!' : 'Копировать'}
      </Button>
    </div>
  );
}
