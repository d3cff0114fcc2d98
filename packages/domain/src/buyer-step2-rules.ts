import { BANK_TRANSFER_CONSENT_REQUIRED } from './banks';
import type { Rule } from './buyer-step1-rules';
import { isValidEmail } from './email';
import { MESSAGES } from './messages';
import { PHONE_NOT_MOBILE_MESSAGE, phoneProblem } from './phone';

/** Step 2 of the buyer's application (spec §5), the rules written once: see buyer-step1-rules.ts. */

const agreed =
  (message: string): Rule<boolean> =>
  (value) =>
    value ? null : message;

/**
 * A confirmation code is required; its format (buyer-steps.schema.ts) is the server's to check, since
 * the buyer's code fields keep to digits, at most 6, as they are typed.
 */
const code =
  (requiredMessage: string): Rule<string> =>
  (value) =>
    value === '' ? requiredMessage : null;

/** A buyer's phone: the spec's format, and a Russian mobile (codes go to it). */
export const phoneRule: Rule<string> = (value) => {
  const problem = phoneProblem(value.trim());
  if (problem === null) return null;
  return problem === 'format' ? MESSAGES.phoneInvalid : PHONE_NOT_MOBILE_MESSAGE;
};

/** Step 2: the contacts confirmed by codes, and both consents. */
export const STEP2_RULES = {
  phone_number: phoneRule,
  email: (value: string) => (isValidEmail(value.trim()) ? null : MESSAGES.emailInvalid),
  sms_code_input: code(MESSAGES.smsCodeRequired),
  email_code_input: code(MESSAGES.emailCodeRequired),
  personal_data_consent: agreed(MESSAGES.consentRequired),
  bank_transfer_consent: agreed(BANK_TRANSFER_CONSENT_REQUIRED),
} satisfies { [field: string]: Rule<string> | Rule<boolean> };
