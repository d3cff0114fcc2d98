import { createContext, useContext } from 'react';
import { cn } from '../../../shared/lib/cn';

/**
 * Whether the shop area follows changes live: the shop layout's stream (features/shop/live) provides
 * it; the pages that refresh on its events show it with LiveIndicator.
 */
/** The stream's state; 'off' before it starts and without a key. */
export type LiveState = 'connecting' | 'open' | 'reconnecting' | 'unauthorized';
export type LiveStatus = LiveState | 'off';

export const LiveContext = createContext<LiveStatus>('off');

export function useLiveStatus(): LiveStatus {
  return useContext(LiveContext);
}

/** A quiet line saying whether the page follows changes live. */
const CONNECTING_TEXT = 'Подключение к обновлениям...';
/**
 * The text's box is as wide as the longest text, drawn invisibly by a pseudo-element in the same grid
 * cell (not in the text or the accessibility tree), so the indicator keeps one size whatever it says.
 */
const STEADY_TEXT_BOX =
  "grid after:invisible after:col-start-1 after:row-start-1 after:content-['Подключение_к_обновлениям...']";

export function LiveIndicator({ className }: { className?: string }) {
  const status = useLiveStatus();
  if (status === 'unauthorized') return null;
  // Before the stream starts it holds its place, invisible: a header that grew or wrapped when the
  // indicator appeared moved the whole page (CLS 0.4 on a phone).
  if (status === 'off') {
    return (
      <span className={cn('invisible inline-flex items-center gap-2 text-sm', className)} aria-hidden="true">
        <span className="size-2 shrink-0" />
        <span className={STEADY_TEXT_BOX} />
      </span>
    );
  }
  const open = status === 'open';
  return (
    <span
      className={cn('inline-flex items-center gap-2 text-sm text-slate-600', className)}
      data-testid="live-indicator"
      data-live={status}
    >
      <span
        className={cn(
          'size-2 shrink-0 rounded-full',
          open ? 'bg-green-600' : 'animate-pulse bg-amber-500 motion-reduce:animate-none',
        )}
        aria-hidden="true"
      />
      <span className={STEADY_TEXT_BOX}>
        <span className="col-start-1 row-start-1">
          {open ? 'Обновляется автоматически' : CONNECTING_TEXT}
        </span>
      </span>
    </span>
  );
}
