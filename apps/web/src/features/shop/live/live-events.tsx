import type { LiveEvent } from '@b2bpay/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useShopAccess } from '../../../shared/auth/shop-access';
import { afterPageLoad, pageHasLoaded } from '../../../shared/lib/after-load';
import { useToast } from '../../../shared/ui/toast';
import { LiveContext, type LiveStatus } from '../shared/live-status';
import { staleKeys, toastTexts } from './live-model';
import { openLiveStream } from './live-stream';

/** Events arriving this close together (one transaction writes several) are handled as one burst. */
export const BURST_MS = 200;
export const LIVE_TOAST_MS = 5000;

/**
 * The one live stream of the shop area: it sits in the shop layout, so the order list, the QR screen,
 * the statistics and the order details all refresh (their queries are invalidated) within moments of
 * a change, and a toast says what changed. It follows the key or the session: a rotated secret key reconnects,
 * resuming after the last event seen. On a page's first load the stream opens only once the page has
 * loaded and the main thread is idle (shared/lib/after-load.ts): the page's scripts and data come first
 * (as before, the pages load their own data; the stream only tells them when it changed).
 */
export function LiveEventsProvider({ children }: { children: ReactNode }) {
  const { token, hasAccess, isInitialized } = useShopAccess();
  const [pageLoaded, setPageLoaded] = useState(pageHasLoaded);
  useEffect(() => (pageLoaded ? undefined : afterPageLoad(() => setPageLoaded(true))), [pageLoaded]);
  const connected = hasAccess && isInitialized && pageLoaded;
  const queryClient = useQueryClient();
  const toast = useToast();
  const [status, setStatus] = useState<LiveStatus>('off');
  const lastEventId = useRef<string | null>(null);

  useEffect(() => {
    if (!connected) {
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
  }, [token, connected, queryClient, toast]);

  return <LiveContext.Provider value={status}>{children}</LiveContext.Provider>;
}
