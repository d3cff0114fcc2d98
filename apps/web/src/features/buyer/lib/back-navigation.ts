import { useLocation, useNavigate } from 'react-router';
import { buyerPaths } from '../model/order-view';

/** The referrer a link put into navigation state ({ from: '/client/…' }), when it is a local path. */
export function referrerFrom(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const from = state.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}

/** React Router keeps the index of the history entry in history.state.idx; above 0 there is a page to go back to. */
export function canGoBack(): boolean {
  const state: unknown = window.history.state;
  return (
    typeof state === 'object' &&
    state !== null &&
    'idx' in state &&
    typeof state.idx === 'number' &&
    state.idx > 0
  );
}

/** Buyer FAQ (spec §2): the referrer passed in state, else back in history, else the order page. */
export function useFaqBack(orderId: string | undefined) {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    const from = referrerFrom(location.state);
    if (from) navigate(from);
    else if (canGoBack()) navigate(-1);
    else navigate(orderId ? buyerPaths.order(orderId) : '/');
  };
}

/** Buyer support (spec §2): the order page, or back in history. */
export function useSupportBack(orderId: string | undefined) {
  const navigate = useNavigate();
  return () => {
    if (orderId) navigate(buyerPaths.order(orderId));
    else if (canGoBack()) navigate(-1);
    else navigate('/');
  };
}
