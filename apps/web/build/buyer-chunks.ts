/**
 * Four shared parts of the buyer's build named by hand (`output.codeSplitting.groups`), each one file
 * instead of the several Rolldown would cut by which pages import what. Every script part costs a
 * buyer's first load its own request and gzip overhead, and scripts/check-size.mjs holds each buyer
 * page to its budget, the order page with the banks' offers (its lazy part) too:
 *
 * - `code`: the code input and its countdown (components/code-field.tsx), with the input, the alert
 *   and a call's failure (api/call-result.ts) they come with: what step 2 and the order page's offers
 *   part (components/offers-panel.tsx, lazy) share. Step 1 loads it too (the input, the alert). When it
 *   was part of `step1`, the offers part downloaded step 1's rules, INN, layout and client patch as well
 *   (82.1 KB first load, past the budget; 76.6 KB apart, bench/RESULTS.md). Step 2's own contact field
 *   (contact-with-code.tsx) stays out of it.
 * - `step1`: what the application's two steps share besides (their layout, step 1's rules, the client
 *   patch of api/buyer-api.ts). Cut automatically, step 2 would load three files where it loads one
 *   (about 900 B more, past its budget).
 * - `order-items`: the order as the pages load and show it, with the partner banks' names and the
 *   link back to the shop («Вернуться в магазин», also on the success page): one file for the order
 *   page and the two steps instead of three.
 * - `frame`: what every buyer page has around its content (the layout, the logo, the page's metadata,
 *   the status badge, with the money and status rules, and the plural rule the order page and the
 *   purchase summary use): one file instead of four, about 0.6 KB off each page's first load but the
 *   support page's (which shows no status or count and pays for them). Also what the server-rendered
 *   page's takeover (app/buyer-takeover.ts) shares with the pages: the application's storage keys and
 *   the status refresh's rule; on their own they were a file of a few hundred bytes and a request more.
 *
 * The modules are listed without their dependencies (which stay where Rolldown puts them, mostly in
 * the entry); none of them runs code at load beyond defining its exports, so their order is free.
 */
const STEP_PARTS = [
  'packages/domain/src/messages.ts',
  'packages/domain/src/inn.ts',
  'packages/domain/src/text.ts',
  'packages/domain/src/buyer-step1-rules.ts',
  'apps/web/src/features/buyer/components/application-closed.tsx',
  'apps/web/src/features/buyer/components/order-summary.tsx',
  'apps/web/src/features/buyer/components/step-indicator.tsx',
  'apps/web/src/features/buyer/components/step-layout.tsx',
  'apps/web/src/features/buyer/model/prefill.ts',
  'apps/web/src/features/buyer/model/step1.ts',
  'apps/web/src/features/buyer/api/buyer-api.ts',
];

const CODE_PARTS = [
  'apps/web/src/shared/ui/alert.tsx',
  'apps/web/src/shared/ui/input.tsx',
  'apps/web/src/features/buyer/api/call-result.ts',
  'apps/web/src/features/buyer/components/code-field.tsx',
  'apps/web/src/features/buyer/lib/use-countdown.ts',
  'apps/web/src/features/buyer/model/code-input.ts',
];

const ORDER_PARTS = [
  'apps/web/src/features/buyer/components/order-states.tsx',
  'apps/web/src/features/buyer/lib/use-shop-name.ts',
  'apps/web/src/features/buyer/components/order-items.tsx',
  'apps/web/src/features/buyer/lib/use-buyer-order.ts',
  'packages/domain/src/banks.ts',
  'apps/web/src/features/buyer/components/shop-return-link.tsx',
  'packages/domain/src/shop-return.ts',
];

const FRAME_PARTS = [
  'apps/web/src/features/buyer/components/buyer-layout.tsx',
  'apps/web/src/features/buyer/model/order-view.ts',
  'apps/web/src/shared/ui/logo.tsx',
  'apps/web/src/shared/meta/page-meta.ts',
  'apps/web/src/shared/config/contacts.ts',
  'apps/web/src/shared/ui/status-badge.tsx',
  'apps/web/src/shared/lib/color.ts',
  'packages/domain/src/statuses.ts',
  'packages/domain/src/money.ts',
  'packages/domain/src/plural.ts',
  'apps/web/src/features/buyer/model/application-keys.ts',
  'apps/web/src/features/buyer/lib/status-poll.ts',
];

const matches = (parts: readonly string[]) => (id: string) =>
  parts.some((part) => id.replaceAll('\\', '/').endsWith(part));

export const BUYER_CHUNK_GROUPS = [
  { name: 'step1', test: matches(STEP_PARTS), includeDependenciesRecursively: false },
  { name: 'code', test: matches(CODE_PARTS), includeDependenciesRecursively: false },
  { name: 'order-items', test: matches(ORDER_PARTS), includeDependenciesRecursively: false },
  { name: 'frame', test: matches(FRAME_PARTS), includeDependenciesRecursively: false },
];
