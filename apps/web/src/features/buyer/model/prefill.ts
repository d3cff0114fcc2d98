import type { Order } from '@b2bpay/domain';
import type { ApplicationFormData } from './application-store';

/**
 * Brings the stored form in line with the order: the order's client id wins (the server knows it),
 * and once per order the client data the shop or an earlier visit left fills the empty fields.
 * Contacts come back masked once the application is in, so only an order awaiting the client is used.
 */
export function prefillFromOrder(data: ApplicationFormData, order: Order): ApplicationFormData {
  const client = order.client;
  const next = { ...data, clientId: client?.id ?? data.clientId };
  if (data.prepopulated || order.status !== 'client_expected') return next;
  next.prepopulated = true;
  if (!client) return next;
  const fill = (current: string, value: string | null) => (current.trim() === '' && value ? value : current);
  next.surname = fill(next.surname, client.surname);
  next.name = fill(next.name, client.name);
  next.middlename = fill(next.middlename, client.middlename);
  next.organizationName = fill(next.organizationName, client.organization_name);
  next.inn = fill(next.inn, client.inn);
  next.phone = fill(next.phone, client.phone_number);
  next.email = fill(next.email, client.email);
  return next;
}
