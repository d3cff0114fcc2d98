/**
 * While a bank is deciding or paying, the buyer's pages ask for the order again this often
 * (use-buyer-order.ts); a page the server rendered is taken over by the app when its first refresh is
 * due (app/buyer-takeover.ts). A module without imports, so that the takeover's part has it without the
 * query code.
 */
export const STATUS_POLL_MS = 5000;
const CHANGING_STATUSES = new Set(['bank_info_expected', 'app_approved']);

export function shouldPoll(status: string | undefined): boolean {
  return status !== undefined && CHANGING_STATUSES.has(status);
}
