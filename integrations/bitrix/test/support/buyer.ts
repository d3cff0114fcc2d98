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

/** The newest one-time code sent to `recipient`, from the development outbox. */
async function code(backend: Backend, recipient: string): Promise<string> {
  return until(`a code for ${recipient} in /dev/outbox.json`, async () => {
    const outbox = await backend.api('GET', '/dev/outbox.json', undefined, false);
    const found = (outbox.body?.notifications ?? []).find(
      (n: { recipient: string; kind: string }) => n.recipient === recipient && n.kind === 'code',
    );
    return /\b(\d{6})\b/.exec(found?.body ?? '')?.[1];
  });
}

/**
 * The buyer's journey on the order's public link, through the buyer API: step 1, a code to the
 * phone and one to the e-mail, step 2 with both codes and the consents.
 */
export async function submitApplication(
  backend: Backend,
  orderId: string,
  contacts: { phone: string; email: string },
) {
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
}
