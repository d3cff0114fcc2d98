import { MESSAGES, normalizeEmail, normalizePhone, STEP2_RULES } from '@b2bpay/domain';
import { withoutPasses } from './step1';

/** Step 2 of the application (spec §5): contacts confirmed by codes, and the two consents. */
export interface Step2Values {
  phone: string;
  email: string;
  phoneCode: string;
  emailCode: string;
  consent: boolean;
  bankConsent: boolean;
  /** Where the codes went (normalized), or null when none was requested. */
  phoneCodeSentTo: string | null;
  emailCodeSentTo: string | null;
}

export type Step2Field = 'phone' | 'email' | 'phoneCode' | 'emailCode' | 'consent' | 'bankConsent';
export type Step2Errors = Partial<Record<Step2Field, string>>;

export const STEP2_FIELDS: readonly Step2Field[] = [
  'phone',
  'phoneCode',
  'email',
  'emailCode',
  'consent',
  'bankConsent',
];

/** A contact ready for its code: as the field shows it and where the code goes; or what is wrong. */
export type ContactForCode = { value: string; to: string } | { error: string };

/**
 * Before a phone code is requested: the normalized number, or the error to show under the phone —
 * step 2's phone rule and its text, as on submit and from the server (a code goes only to a Russian
 * mobile, and an incomplete number is refused, never shifted).
 */
export function phoneForCode(raw: string): ContactForCode {
  const error = STEP2_RULES.phone_number(raw);
  // A number the rule takes normalizes.
  return error ? { error } : { value: raw, to: normalizePhone(raw) ?? raw };
}

/** Before an e-mail code is requested: step 2's e-mail rule and its text. */
export function emailForCode(raw: string): ContactForCode {
  const email = raw.trim();
  const error = STEP2_RULES.email(email);
  return error ? { error } : { value: email, to: normalizeEmail(email) };
}

/**
 * A patch of the form's data: a code to `destination` waits `ms` from now (the countdown is the
 * number's or the address's, not the field's).
 */
export const waitFor =
  (destination: string, ms: number) =>
  ({ resendAt }: { resendAt: Record<string, number> }) => ({
    resendAt: { ...resendAt, [destination]: Date.now() + ms },
  });

/** The code of a channel counts only for the phone or address it was sent to. */
export function phoneCodeRequested(values: Pick<Step2Values, 'phone' | 'phoneCodeSentTo'>): boolean {
  return values.phoneCodeSentTo !== null && values.phoneCodeSentTo === normalizePhone(values.phone.trim());
}

export function emailCodeRequested(values: Pick<Step2Values, 'email' | 'emailCodeSentTo'>): boolean {
  return values.emailCodeSentTo !== null && values.emailCodeSentTo === normalizeEmail(values.email);
}

/**
 * Every step-2 error to show (the domain's step-2 rules, buyer-step2-rules.ts), and, the form's own: a valid
 * contact whose code was not requested, and a code checked only once it was.
 */
export function validateStep2(values: Step2Values): Step2Errors {
  const phoneRequested = phoneCodeRequested(values);
  const emailRequested = emailCodeRequested(values);
  const { codeNotRequested } = MESSAGES;
  return withoutPasses<Step2Field>([
    ['phone', STEP2_RULES.phone_number(values.phone) ?? (phoneRequested ? null : codeNotRequested)],
    ['phoneCode', phoneRequested ? STEP2_RULES.sms_code_input(values.phoneCode) : null],
    ['email', STEP2_RULES.email(values.email) ?? (emailRequested ? null : codeNotRequested)],
    ['emailCode', emailRequested ? STEP2_RULES.email_code_input(values.emailCode) : null],
    ['consent', STEP2_RULES.personal_data_consent(values.consent)],
    ['bankConsent', STEP2_RULES.bank_transfer_consent(values.bankConsent)],
  ]);
}

const SERVER_FIELDS: Record<string, Step2Field> = {
  phone_number: 'phone',
  email: 'email',
  sms_code_input: 'phoneCode',
  email_code_input: 'emailCode',
  personal_data_consent: 'consent',
  bank_transfer_consent: 'bankConsent',
};

/** The form field a server error names (its wire name), if it is one of step 2's. */
export function step2FieldOf(serverField: string | undefined): Step2Field | undefined {
  return serverField === undefined ? undefined : SERVER_FIELDS[serverField];
}
