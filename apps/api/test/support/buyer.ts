import type { TestApp } from './test-app';

export const STEP1 = {
  surname: 'Петров',
  name: 'Пётр',
  middlename: 'Петрович',
  inn: '7707083893',
  organization_name: 'ПАО «Сбербанк России»',
};

export function patchClient(
  t: TestApp,
  orderId: string,
  payload: object,
  headers: Record<string, string> = {},
) {
  return t.app.inject({ method: 'PATCH', url: `/api/order/orders/${orderId}/client`, payload, headers });
}

/** The newest code sent to `recipient`, read from the notification outbox (development delivery). */
export async function lastCodeFromOutbox(t: TestApp, recipient: string): Promise<string> {
  const rows = await t.db.query<{ body: string }>(
    "SELECT body FROM notifications WHERE recipient = $1 AND kind = 'code' ORDER BY created_at DESC, id DESC LIMIT 1",
    [recipient],
  );
  const code = /\b(\d{6})\b/.exec(rows[0]?.body ?? '')?.[1];
  if (!code) throw new Error(`no code in the outbox for ${recipient}`);
  return code;
}

/** Step 1, both codes requested and read, and the full step-2 body ready to submit. */
export async function prepareSubmission(
  t: TestApp,
  orderId: string,
  contacts: { phone: string; email: string },
) {
  const saved = await patchClient(t, orderId, STEP1);
  if (saved.statusCode !== 200) throw new Error(`step 1: ${saved.body}`);
  const clientId = saved.json().id as number;
  const phone = await patchClient(t, orderId, { client_id: clientId, phone_number: contacts.phone });
  if (phone.statusCode !== 200) throw new Error(`phone code: ${phone.body}`);
  const email = await patchClient(t, orderId, { client_id: clientId, email: contacts.email });
  if (email.statusCode !== 200) throw new Error(`email code: ${email.body}`);
  // The version of the order as the buyer's page shows it (the submission names it).
  const order = await t.app.inject({ method: 'GET', url: `/api/order/orders/${orderId}` });
  if (order.statusCode !== 200) throw new Error(`order: ${order.body}`);
  return {
    clientId,
    body: {
      client_id: clientId,
      ...STEP1,
      phone_number: contacts.phone,
      email: contacts.email,
      sms_code_input: await lastCodeFromOutbox(t, phone.json().phone_number),
      email_code_input: await lastCodeFromOutbox(t, email.json().email),
      personal_data_consent: true,
      bank_transfer_consent: true,
      order_version: order.json().version as number,
    },
  };
}
