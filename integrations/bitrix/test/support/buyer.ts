import { type Backend, until } from './backend';

/** Step 1 as a buyer fills it in (a real INN with a valid checksum). */
export const STEP1 = {
  surname: 'Иванов',
  name: 'Иван',
  middlename: 'Иванович',
  inn: '7707083893',
  organization_name: 'ООО «Ромашка»',
};

/** Phone and e-mail no other test run uses (codes are limited per destination). */
export function freshContacts(prefix: string) {
  const n = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 10)}`.padStart(7, '0').slice(-7);
  return { phone: `+7902${n}`, email: `${prefix}${n}@romashka.example` };
}

interface OutboxCode {
  id: string;
  recipient: string;
  kind: string;
  body: string;
}

/** The one-time codes sent to `recipient` that the development outbox lists, newest first. */
async function codesTo(backend: Backend, recipient: string): Promise<OutboxCode[]> {
  const outbox = await backend.api('GET', '/dev/outbox.json', undefined, false);
  return (outbox.body?.notifications ?? []).filter(
    (n: OutboxCode) => n.recipient === recipient && n.kind === 'code',
  );
}

/** The newest one-time code sent to `recipient` and not among `seen` (ids), from the development outbox. */
async function code(backend: Backend, recipient: string, seen = new Set<string>()): Promise<string> {
  return until(`a code for ${recipient} in /dev/outbox.json`, async () => {
    const found = (await codesTo(backend, recipient)).find((n) => !seen.has(n.id));
    return /\b(\d{6})\b/.exec(found?.body ?? '')?.[1];
  });
}

/** The buyer as the order knows them after step 2: what signing an offer needs. */
export interface Signer {
  clientId: number;
  /** The confirmed phone, as B2BPay wrote it: where the signing code goes. */
  phone: string;
}

/**
 * The buyer's journey on the order's public link, through the buyer API: step 1, a code to the
 * phone and one to the e-mail, step 2 with both codes and the consents.
 */
export async function submitApplication(
  backend: Backend,
  orderId: string,
  contacts: { phone: string; email: string },
): Promise<Signer> {
  const patch = async (body: object) => {
    const answer = await backend.api('PATCH', `/api/order/orders/${orderId}/client`, body, false);
    if (answer.status !== 200)
      throw new Error(`PATCH client: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const seen = await backend.api('GET', `/api/order/orders/${orderId}`, undefined, false);
  const client = await patch(STEP1);
  const phone = await patch({ client_id: client.id, phone_number: contacts.phone });
  const email = await patch({ client_id: client.id, email: contacts.email });
  await patch({
    client_id: client.id,
    ...STEP1,
    phone_number: contacts.phone,
    email: contacts.email,
    sms_code_input: await code(backend, phone.phone_number),
    email_code_input: await code(backend, email.email),
    personal_data_consent: true,
    bank_transfer_consent: true,
    order_version: seen.body.version,
  });
  return { clientId: client.id, phone: phone.phone_number };
}

/**
 * Once a bank has approved (backend.settle(…, 'app_approved')), the buyer signs the order's first
 * offer with the SMS code, as the order page does: the bank pays only after that.
 */
export async function signFirstOffer(backend: Backend, orderId: string, signer: Signer) {
  const view = await backend.api('GET', `/api/order/orders/${orderId}`, undefined, false);
  const offer = view.body?.offers?.[0];
  if (!offer) throw new Error(`order ${orderId} has no offer to sign: ${JSON.stringify(view.body)}`);
  const path = `/api/order/orders/${orderId}/offers/${offer.id}`;
  const seen = new Set((await codesTo(backend, signer.phone)).map((n) => n.id));
  const sent = await backend.api('POST', `${path}/code`, { client_id: signer.clientId }, false);
  if (sent.status !== 200) throw new Error(`offer code: ${sent.status} ${JSON.stringify(sent.body)}`);
  const signed = await backend.api(
    'POST',
    `${path}/accept`,
    { client_id: signer.clientId, sms_code_input: await code(backend, signer.phone, seen) },
    false,
  );
  if (signed.status !== 200) throw new Error(`accept: ${signed.status} ${JSON.stringify(signed.body)}`);
  return signed.body;
}
