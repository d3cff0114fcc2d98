import { z } from 'zod';
import { type Rule, STEP1_RULES } from './buyer-step1-rules';
import { STEP2_RULES } from './buyer-step2-rules';

/**
 * The buyer's application rules (buyer-step1-rules.ts, buyer-step2-rules.ts) as zod schemas over
 * the wire body, for the server: each field reports its rule's Russian text, and a missing or
 * mistyped value reports the same text. Issues come in the fields' order, the order the buyer's forms
 * check them in.
 */
const ruled = <T>(base: z.ZodType<T>, rule: Rule<T>) =>
  base.superRefine((value, ctx) => {
    const message = rule(value);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  });

/** The rule's own text when the value is not even of the right type. */
const text = (rule: Rule<string>) => ruled(z.string({ error: () => rule('') ?? undefined }), rule);
const consent = (rule: Rule<boolean>) => ruled(z.boolean({ error: () => rule(false) ?? undefined }), rule);

/** The code of a confirmation: digits only, at most 6. */
export const CODE_FORMAT = /^\d{1,6}$/;
export const CODE_FORMAT_MESSAGE = 'Код состоит из цифр, не больше 6';
/** A required code (its rule), then its format. */
const code = (rule: Rule<string>) =>
  text((value) => rule(value) ?? (CODE_FORMAT.test(value) ? null : CODE_FORMAT_MESSAGE));

export const BuyerStep1 = z.object({
  surname: text(STEP1_RULES.surname),
  name: text(STEP1_RULES.name),
  middlename: z.string().optional(),
  inn: text(STEP1_RULES.inn),
  organization_name: text(STEP1_RULES.organization_name),
});

/**
 * Step 1 as the server saves it: a phone or an e-mail sent along is checked by step 2's rules (the
 * buyer's codes go to them later), and one not sent is no error.
 */
export const BuyerStep1Patch = BuyerStep1.extend({
  phone_number: text(STEP2_RULES.phone_number).optional(),
  email: text(STEP2_RULES.email).optional(),
});

export const BuyerStep2 = BuyerStep1.extend({
  phone_number: text(STEP2_RULES.phone_number),
  email: text(STEP2_RULES.email),
  sms_code_input: code(STEP2_RULES.sms_code_input),
  email_code_input: code(STEP2_RULES.email_code_input),
  personal_data_consent: consent(STEP2_RULES.personal_data_consent),
  bank_transfer_consent: consent(STEP2_RULES.bank_transfer_consent),
});
