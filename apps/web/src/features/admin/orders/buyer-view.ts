import { type Client, formatPhone, maskEmail, maskPhone } from '@b2bpay/domain';

/** What the order's card shows of the buyer: the company in full, the person's data maybe masked. */
export interface BuyerView {
  organization: string | null;
  inn: string | null;
  person: string | null;
  phone: string | null;
  email: string | null;
}

/** The API masks with asterisks; a value that has them is shown as it came. */
const isMasked = (value: string) => value.includes('*');

const maskName = (value: string) => (isMasked(value) ? value : `${value.slice(0, 1)}***`);

/**
 * The buyer's data for the card. For support (staffSeesPersonalData false) the API already masks the
 * person's phone, e-mail and name; the card masks them again should any arrive whole, so that a
 * support screen never shows them whatever the server sent. The company and its INN are not personal.
 */
export function buyerView(client: Client, seesPersonalData: boolean): BuyerView {
  const phone = client.phone_number;
  const email = client.email;
  const names = [client.surname, client.name, client.middlename].filter((part): part is string =>
    Boolean(part),
  );
  if (seesPersonalData) {
    return {
      organization: client.organization_name,
      inn: client.inn,
      person: names.join(' ') || null,
      phone: phone ? formatPhone(phone) : null,
      email,
    };
  }
  return {
    organization: client.organization_name,
    inn: client.inn,
    person: names.map(maskName).join(' ') || null,
    phone: phone ? (isMasked(phone) ? phone : maskPhone(phone)) : null,
    email: email ? (isMasked(email) ? email : maskEmail(email)) : null,
  };
}
