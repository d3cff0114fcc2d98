import type { AppDeps } from '../../deps';
import { insertEnquiry } from './enquiries.repository';

export const ENQUIRY_THANKS = 'Спасибо! Мы получили заявку и свяжемся с вами в ближайшее время.';

/** Keeps a landing enquiry (a name and a phone) with where it came from; the user agent is cut to 500. */
export async function receiveEnquiry(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  enquiry: { name: string; phone: string; ip: string | null; userAgent: string | undefined },
) {
  await insertEnquiry(deps.db, {
    name: enquiry.name,
    phone: enquiry.phone,
    ip: enquiry.ip,
    userAgent: enquiry.userAgent?.slice(0, 500) ?? null,
    createdAt: deps.clock.now(),
  });
  return { success: true, message: ENQUIRY_THANKS };
}
