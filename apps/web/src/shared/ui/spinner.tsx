import { cn } from '../lib/cn';

export function Spinner({ className, size = 20 }: { className?: string; size?: number }) {
  return (
    <svg
      className={cn('animate-spin motion-reduce:animate-none', className)}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/**
 * A centred loading line for a data view: the spinner plus the specification's loading text.
 * `fillScreen` is for a whole page that is loading: the status then reserves the screen under the
 * 64 px header, so the footer already sits below the fold and does not jump down when the page arrives
 * (layout shift).
 */
export function LoadingState({ text, fillScreen = false }: { text: string; fillScreen?: boolean }) {
  const status = (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-slate-600">
      <Spinner className="text-brand-700" />
      <span>{text}</span>
    </div>
  );
  return fillScreen ? <div className="min-h-[calc(100svh-4rem)]">{status}</div> : status;
}
