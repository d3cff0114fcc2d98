import type { AppDeps } from '../../deps';
import { newLeadEmail, queueEmail } from '../notifications';
import { insertEnquiry } from './enquiries.repository';

export const ENQUIRY_THANKS = 'Спасибо! Мы получили заявку и свяжемся с вами в ближайшее время.';

/**
 * Keeps a landing enquiry (a name and a phone) with where it came from — a lead of the back office
 * (DESIGN §14) — and, when SALES_EMAIL is set, tells the sales team by a letter in the same commit.
 * The user agent is cut to 500.
 */
export async function receiveEnquiry(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  enquiry: { name: string; phone: string; ip: string | null; userAgent: string | undefined },
) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await insertEnquiry(tx, {
      name: enquiry.name,
      phone: enquiry.phone,
      ip: enquiry.ip,
      userAgent: enquiry.userAgent?.slice(0, 500) ?? null,
      createdAt: now,
    });
    const to = deps.config.SALES_EMAIL;
    if (to) {
      const letter = newLeadEmail({
        name: enquiry.name,
        phone: enquiry.phone,
        link: `${deps.config.PUBLIC_URL}/admin/leads`,
      });
      await queueEmail(tx, { kind: 'lead_new', to, orderId: null, ...letter }, now);
    }
  });
  return { success: true, message: ENQUIRY_THANKS };
}
