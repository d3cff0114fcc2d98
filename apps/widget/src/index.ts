import { version } from '../package.json';
import { B2BPayButton } from './element';
import type { InitOptions } from './options';

export interface B2BPayApi {
  version: string;
  /** Renders a button into `options.container` (its content is replaced) and returns it. */
  init(options: InitOptions): B2BPayButton;
}

declare global {
  interface Window {
    B2BPay: B2BPayApi;
  }
  interface HTMLElementTagNameMap {
    'b2bpay-button': B2BPayButton;
  }
}

function init(options: InitOptions): B2BPayButton {
  const container =
    typeof options?.container === 'string' ? document.querySelector(options.container) : options?.container;
  if (!(container instanceof Element)) {
    const message = `B2BPay.init: не найден контейнер ${String(options?.container)}`;
    console.error(`[B2BPay] ${message}`);
    throw new Error(message);
  }
  const button = document.createElement('b2bpay-button');
  // Before connecting, so the button never shows the attribute configuration it does not have.
  button.options = options;
  container.replaceChildren(button);
  return button;
}

// The script may be included twice on one page; the first definition stays.
if (!customElements.get('b2bpay-button')) customElements.define('b2bpay-button', B2BPayButton);
window.B2BPay = { version, init };
