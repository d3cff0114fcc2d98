import { createHash } from 'node:crypto';

/** The element holding a page's scripts for SCRIPTS_AFTER_PAINT (JSON: `{ entry, preloads }`). */
export const PAGE_SCRIPTS_ELEMENT_ID = 'b2bpay-page-scripts';

/**
 * For a page whose HTML is complete without its scripts (a buyer's page rendered on the server): its
 * scripts are asked for only once the browser reports the page painted (the paint
 * timing's first-contentful-paint; where a browser has no paint timing, at the load event). Named in
 * the head, even at low priority, they started downloading before the first paint and shared a slow
 * phone's bandwidth with it; Lighthouse counts every request made before the largest paint into that
 * paint's time (LCP 1.82 s against FCP 1.24 s). A frame's callback is not late enough: the paint is
 * reported after the frame is shown, tens of milliseconds after its tasks. The text is a constant: the
 * pages' Content-Security-Policy allows it by its hash.
 *
 * Until the app has taken the page over (#root still marked data-server-rendered), it also holds the
 * submission of a form without an action of its own (the application's steps: the browser would send
 * it as a GET to the same address, the buyer's name, INN and contacts in the URL, and reload the page
 * empty), and marks its button `data-held-click`, which the takeover clicks on the app's form
 * (apps/web/src/app/server-markup.ts). A form with an action (the order page's «Заполнить заявку», which
 * leads to step 1) is the browser's to send.
 */
export const SCRIPTS_AFTER_PAINT = `(function(){var d=document,w=window,started=0;d.addEventListener('submit',function(e){var f=e.target,r=d.getElementById('root');if(!r||!r.hasAttribute('data-server-rendered')||!f.getAttribute||f.getAttribute('action'))return;e.preventDefault();var b=e.submitter||f.querySelector('[type=submit]');if(b)b.setAttribute('data-held-click','')},true);function start(){if(started)return;started=1;var s=JSON.parse(d.getElementById('${PAGE_SCRIPTS_ELEMENT_ID}').textContent);s.preloads.forEach(function(h){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;d.head.appendChild(l)});var e=d.createElement('script');e.type='module';e.crossOrigin='';e.src=s.entry;d.head.appendChild(e)}var types=w.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];if(types.indexOf('paint')<0)w.addEventListener('load',start);else new PerformanceObserver(function(list){if(list.getEntriesByName('first-contentful-paint').length)start()}).observe({type:'paint',buffered:true})})()`;

/** `'sha256-…'` of SCRIPTS_AFTER_PAINT, for the pages' script-src. */
export const SCRIPTS_AFTER_PAINT_HASH = `'sha256-${createHash('sha256').update(SCRIPTS_AFTER_PAINT).digest('base64')}'`;

const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/static\/js\/[\w.-]+\.js)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="(\/static\/js\/[\w.-]+\.js)">/g;

/**
 * The document's head with its entry script and module preloads (and `preloads`, the page's own)
 * taken out and asked for after the first paint instead. Unchanged when the head names no entry.
 */
export function scriptsAfterPaint(head: string, preloads: string[]): string {
  const entry = head.match(ENTRY_SCRIPT)?.[1];
  if (!entry) return head;
  const shellPreloads = [...head.matchAll(MODULE_PRELOAD)].map((match) => match[1] as string);
  const scripts = { entry, preloads: [...new Set([...shellPreloads, ...preloads])] };
  return (
    head.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '') +
    `<script type="application/json" id="${PAGE_SCRIPTS_ELEMENT_ID}">${JSON.stringify(scripts)}</script>` +
    `<script>${SCRIPTS_AFTER_PAINT}</script>`
  );
}
