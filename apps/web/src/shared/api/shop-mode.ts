/**
 * The mode a cabinet session works in (DESIGN §16): `live` (real orders, real banks) or `test`
 * (orders of the shop's test twin, sandbox banks). Chosen in the shop area and kept per browser;
 * session-credentials.ts sends it as `X-B2BPay-Mode` with every call, read at the moment it sends.
 * A secret key carries its own mode, so none of this applies to calls made with a key.
 */
export type ShopMode = 'live' | 'test';

export const MODE_STORAGE_KEY = 'b2bpay_mode';

type Listener = (mode: ShopMode) => void;

const listeners = new Set<Listener>();
let current: ShopMode | null = null;

function readStored(): ShopMode {
  try {
    return localStorage.getItem(MODE_STORAGE_KEY) === 'test' ? 'test' : 'live';
  } catch {
    // Storage can be blocked (privacy modes): live, as the API assumes without the header.
    return 'live';
  }
}

export function getShopMode(): ShopMode {
  current ??= readStored();
  return current;
}

function announce(mode: ShopMode): void {
  if (mode === current) return;
  current = mode;
  for (const listener of [...listeners]) listener(mode);
}

/** Switches the mode for this browser; listeners hear of it before anything renders again. */
export function setShopMode(mode: ShopMode): void {
  getShopMode();
  try {
    localStorage.setItem(MODE_STORAGE_KEY, mode);
  } catch {
    /* see readStored: the choice then lasts until the page is reloaded */
  }
  announce(mode);
}

/** Calls `listener` on every change, from this tab or another one of the same browser. */
export function subscribeShopMode(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

// Another tab switched: this one follows, so one browser never shows one mode while sending the other.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === MODE_STORAGE_KEY || event.key === null) announce(readStored());
  });
}
