/** The served widget script, versioned in its path (apps/widget builds it, the API serves it). */
export const WIDGET_SCRIPT_PATH = '/widget/v1/b2bpay.js';

export interface WidgetItem {
  name: string;
  price: number;
  quantity: number;
}

/** What the docs pages use of the widget's global (apps/widget/src/index.ts defines it). */
export interface B2BPayGlobal {
  version: string;
  init(options: {
    container: Element | string;
    apiToken: string;
    items: WidgetItem[];
    size?: string;
    theme?: string;
    subtext?: string;
    debug?: boolean;
  }): HTMLElement;
}

declare global {
  interface Window {
    B2BPay?: B2BPayGlobal;
  }
}

let loading: { script: HTMLScriptElement; promise: Promise<B2BPayGlobal> } | null = null;

/**
 * Adds the widget script once per page; resolves with `window.B2BPay` when it has run. A script
 * that failed, or was taken out of the page before it ran, is added again by the next call.
 */
export function loadWidgetScript(src = WIDGET_SCRIPT_PATH): Promise<B2BPayGlobal> {
  if (window.B2BPay) return Promise.resolve(window.B2BPay);
  if (loading?.script.isConnected) return loading.promise;
  const script = document.createElement('script');
  const promise = new Promise<B2BPayGlobal>((resolve, reject) => {
    script.src = src;
    script.async = true;
    script.onload = () => {
      if (window.B2BPay) resolve(window.B2BPay);
      else reject(new Error('B2BPay не определён после загрузки скрипта'));
    };
    script.onerror = () => reject(new Error(`Не удалось загрузить ${src}`));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    // A later visit may try again (e.g. the network came back).
    script.remove();
    if (loading?.script === script) loading = null;
    throw error;
  });
  loading = { script, promise };
  return promise;
}
