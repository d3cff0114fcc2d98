/**
 * Where the application's records are kept in session storage (application-store.ts). A module of its
 * own, without imports: the server-rendered page's takeover (app/buyer-takeover.ts) reads them without
 * the form's code.
 */
export const formKey = (orderId: string) => `b2bpay:application:${orderId}`;
export const sentKey = (orderId: string) => `b2bpay:application-sent:${orderId}`;

/**
 * Whether this tab keeps something of this order's application that the server cannot know: a draft
 * of the form, or the e-mail it was sent with. A page rendered on the server shows neither.
 */
export function hasStoredApplication(orderId: string): boolean {
  try {
    return [formKey(orderId), sentKey(orderId)].some((key) => window.sessionStorage.getItem(key) !== null);
  } catch {
    return false;
  }
}
