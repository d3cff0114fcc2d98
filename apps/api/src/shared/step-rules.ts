import type { z } from 'zod';
import { validationError } from './errors';

/**
 * The order the API names a buyer's invalid field in: an answer reports one field, the first of these
 * that fails. It is not the form's order (the form shows the INN before the organisation), and the
 * answers the API has always given keep it.
 */
const FIELD_ORDER = [
  'surname',
  'name',
  'organization_name',
  'inn',
  'phone_number',
  'email',
  'sms_code_input',
  'email_code_input',
  'personal_data_consent',
  'bank_transfer_consent',
];

const rank = (field: string) => {
  const index = FIELD_ORDER.indexOf(field);
  return index === -1 ? FIELD_ORDER.length : index;
};

/**
 * The body checked by one of the domain's buyer step schemas (packages/domain buyer-steps.schema.ts,
 * where each rule is written once): its value, or a 400 naming the first invalid field with the
 * rule's Russian text.
 */
export function checkBuyerStep<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const fields = result.error.issues.map((issue) => ({ field: String(issue.path[0] ?? ''), issue }));
  fields.sort((a, b) => rank(a.field) - rank(b.field));
  const first = fields[0];
  throw validationError(first?.field || undefined, first?.issue.message ?? 'Некорректный запрос');
}
