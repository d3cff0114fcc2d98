import { z } from 'zod';
import { IsoDateTime, shortText } from './common';

/** The buyer of the document's examples (the order example's client). */
export const EXAMPLE_CLIENT = {
  id: 1842,
  email: 'zakupki@romashka.ru',
  phone_number: '+79161234567',
  name: 'Ольга',
  surname: 'Смирнова',
  middlename: 'Игоревна',
  inn: '7701234560',
  organization_name: 'ООО «Ромашка»',
  created_at: '2026-11-24T09:41:00.000Z',
  updated_at: '2026-11-24T09:47:00.000Z',
  email_confirmed: true,
  sms_confirmed: true,
};

export const Client = z
  .object({
    id: z.number().int(),
    email: z.string().nullable(),
    phone_number: z.string().nullable(),
    name: z.string().nullable(),
    surname: z.string().nullable(),
    middlename: z.string().nullable(),
    inn: z.string().nullable(),
    organization_name: z.string().nullable(),
    created_at: IsoDateTime,
    updated_at: IsoDateTime,
    email_confirmed: z.boolean(),
    sms_confirmed: z.boolean(),
  })
  .meta({ id: 'Client', examples: [EXAMPLE_CLIENT] });
export type Client = z.infer<typeof Client>;

/**
 * The client patch (spec §3), used four ways (DESIGN §5): save step 1; request a phone code
 * (client_id + phone_number only); request an e-mail code (client_id + email only); submit step 2.
 * Field rules beyond shape live in the service, which decides which of the four uses a body is,
 * so that each use reports the buyer app's own Russian messages.
 */
export const ClientPatch = z
  .strictObject({
    client_id: z.number().int().positive().optional(),
    email: z.string().max(254).optional(),
    phone_number: z.string().max(32).optional(),
    name: shortText().optional(),
    surname: shortText().optional(),
    middlename: shortText().optional(),
    inn: z.string().max(32).optional(),
    organization_name: shortText(500).optional(),
    email_code_input: z.string().max(16).optional(),
    sms_code_input: z.string().max(16).optional(),
    personal_data_consent: z.boolean().optional(),
    bank_transfer_consent: z.boolean().optional(),
    /** Step 2 only: the order version the buyer saw; another current version is 409 ORDER_CHANGED. */
    order_version: z
      .number()
      .int()
      .positive()
      .optional()
      .meta({
        description:
          'Только при отправке заявки: версия заказа, которую видел покупатель (Order.version). ' +
          'Нет — 400; не совпадает с текущей — 409 ORDER_CHANGED.',
      }),
  })
  .meta({
    id: 'ClientPatch',
    examples: [
      {
        surname: 'Петров',
        name: 'Пётр',
        middlename: 'Петрович',
        inn: '7707083893',
        organization_name: 'ПАО Сбербанк',
      },
    ],
  });
export type ClientPatch = z.infer<typeof ClientPatch>;

/**
 * A step-2 code checked as soon as it is typed, before the application is sent: one channel's
 * contact and code, as the client patch names them (phone_number + sms_code_input, or email +
 * email_code_input). The code is not used up; a wrong one counts against it as at the submission.
 */
export const ClientCodeCheck = z
  .strictObject({
    client_id: z.number().int().positive().optional(),
    phone_number: z.string().max(32).optional(),
    sms_code_input: z.string().max(16).optional(),
    email: z.string().max(254).optional(),
    email_code_input: z.string().max(16).optional(),
  })
  .meta({
    id: 'ClientCodeCheck',
    examples: [{ client_id: 1842, phone_number: '+79161234567', sms_code_input: '123456' }],
  });
export type ClientCodeCheck = z.infer<typeof ClientCodeCheck>;

export const ClientCodeValid = z
  .object({
    valid: z.literal(true).meta({ description: 'Код верный; он остаётся в силе до отправки заявки' }),
  })
  .meta({ id: 'ClientCodeValid', examples: [{ valid: true }] });
export type ClientCodeValid = z.infer<typeof ClientCodeValid>;
