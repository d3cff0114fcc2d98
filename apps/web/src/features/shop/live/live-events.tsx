import type { LiveEvent } from '@b2bpay/domain';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { useAuth } from '../../../shared/auth/auth-context';
import { cn } from '../../../shared/lib/cn';
import { useToast } from '../../../shared/ui/toast';
import { staleKeys, toastTexts } from './live-model';
import { type LiveState, openLiveStream } from './live-stream';

/** Events arriving this close together (one transaction writes several) are handled as one burst. */
export const BURST_MS = 200;
export const LIVE_TOAST_MS = 5000;

export type LiveStatus = LiveState | 'off';

const LiveContext = createContext<LiveStatus>('off');

/**
 * The one live stream of the shop area: it sits in the shop layout, so the order list, the QR screen,
 * the statistics and the order details all refresh (their queries are invalidated) within moments of
 * a change, and a toast says what changed. It follows the token: a rotated secret key reconnects,
 * resuming after the last event seen.
 */
export function LiveEventsProvider({ children }: { children: ReactNode }) {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [status, setStatus] = useState<LiveStatus>('off');
  const lastEventId = useRef<string | null>(null);

  useEffect(() => {
    if (!token) {
      setStatus('off');
      return;
    }
    let burst: LiveEvent[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      const events = burst;
      burst = [];
      for (const queryKey of staleKeys(events)) void queryClient.invalidateQueries({ queryKey });
      for (const text of toastTexts(events)) toast.show(text, LIVE_TOAST_MS);
    };
    const close = openLiveStream({
      token,
      lastEventId: lastEventId.current,
      onState: setStatus,
      onEvent: (event) => {
        lastEventId.current = event.id;
        burst.push(event);
        timer ??= setTimeout(flush, BURST_MS);
      },
    });
    return () => {
      close();
      if (timer !== undefined) {
        clearTimeout(timer);
        flush();
      }
    };
  }, [token, queryClient, toast]);

  return <LiveContext.Provider value={status}>{children}</LiveContext.Provider>;
}

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
