import type { OfferCodeSent, Order } from '@b2bpay/domain';
import { ApiError, DOCUMENTED_ERRORS, request } from '../../../shared/api/http';
import { type CallFailure, toFailure } from './call-result';

/**
 * The buyer's two calls around a bank's offer (DESIGN §13): a signing code to the confirmed phone,
 * and the signature itself. Like buyer-api.ts they return a result instead of throwing; a failure
 * also carries the server's error code, which tells an offer that lapsed from one already signed.
 */

export type OfferFailure = CallFailure & { code?: string };
export type OfferResult<T> = { success: true; data: T } | OfferFailure;

const OFFER_ERRORS = [...DOCUMENTED_ERRORS, 409] as const;

const offerPath = (orderId: string, offerId: string, action: 'code' | 'accept') =>
  `/api/order/orders/${encodeURIComponent(orderId)}/offers/${encodeURIComponent(offerId)}/${action}`;

async function post<T>(path: string, body: object): Promise<OfferResult<T>> {
  try {
    return {
      success: true,
      data: await request<T>({ method: 'POST', path, body, errorStatuses: OFFER_ERRORS }),
    };
  } catch (error) {
    return { ...toFailure(error), code: error instanceof ApiError ? error.code : undefined };
  }
}

export const requestOfferCode = (orderId: string, offerId: string, clientId: number) =>
  post<OfferCodeSent>(offerPath(orderId, offerId, 'code'), { client_id: clientId });

/** 200: the public order, with `accepted_offer` set. */
export const acceptOffer = (orderId: string, offerId: string, clientId: number, code: string) =>
  post<Order>(offerPath(orderId, offerId, 'accept'), { client_id: clientId, sms_code_input: code });
