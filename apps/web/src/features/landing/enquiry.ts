import type { Enquiry, EnquiryResponse } from '@b2bpay/domain';
import { requireParam } from '../../shared/api/http';
import { callApi } from '../../shared/api/typed-client';

/** Spec §8 "Landing form". */
export const ENQUIRY_SUCCESS = 'Заявка успешно отправлена! Мы свяжемся с вами в ближайшее время.';
export const ENQUIRY_REFUSED = 'Не удалось отправить заявку. Попробуйте позже.';
export const ENQUIRY_FAILED = 'Произошла ошибка при отправке заявки. Попробуйте позже.';

export interface EnquiryOutcome {
  ok: boolean;
  message: string;
}

/** POST /api/shop/enquire (spec §7). */
export function postEnquiry(body: Enquiry): Promise<EnquiryResponse> {
  requireParam(body, 'ShopApi', 'enquire', 'enquiry');
  return callApi('POST', '/api/shop/enquire', {
    body,
    errorStatuses: [400, 429, 500],
  });
}

/**
 * Sends the landing enquiry and words the result as spec §8 says: success false shows the server's
 * message (or the default refusal); anything thrown (network, an error status) shows the generic failure.
 */
export async function sendEnquiry(body: Enquiry): Promise<EnquiryOutcome> {
  let response: EnquiryResponse | null;
  try {
    response = await postEnquiry(body);
  } catch {
    return { ok: false, message: ENQUIRY_FAILED };
  }
  if (response?.success === true) return { ok: true, message: ENQUIRY_SUCCESS };
  const serverMessage = typeof response?.message === 'string' ? response.message.trim() : '';
  return { ok: false, message: serverMessage || ENQUIRY_REFUSED };
}
