import { BUYER_DATA_ELEMENT_ID, type BuyerPageData } from '@b2bpay/domain';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The record the API embedded in the buyer's page (packages/domain buyer-page.ts), or null. */
export function readBuyerPageData(doc: Document): BuyerPageData | null {
  const element = doc.getElementById(BUYER_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const data = JSON.parse(element.textContent) as unknown;
    if (!isRecord(data) || !isRecord(data.order) || typeof data.order.id !== 'string') return null;
    return data as unknown as BuyerPageData;
  } catch {
    return null;
  }
}
