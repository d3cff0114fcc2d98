import { describe, expect, it } from 'vitest';
import { BANK_TRANSFER_CONSENT_REQUIRED } from './banks';
import { STEP1_RULES } from './buyer-step1-rules';
import { STEP2_RULES } from './buyer-step2-rules';
import { BuyerStep1, BuyerStep1Patch, BuyerStep2, CODE_FORMAT_MESSAGE } from './buyer-steps.schema';
import { MESSAGES } from './messages';
import { PHONE_NOT_MOBILE_MESSAGE } from './phone';

const STEP1 = { surname: 'Иванов', name: 'Иван', inn: '7707083893', organization_name: 'ООО «Ромашка»' };
const STEP2 = {
  ...STEP1,
  phone_number: '+7 900 123-45-67',
  email: 'buyer@example.ru',
  sms_code_input: '123456',
  email_code_input: '654321',
  personal_data_consent: true,
  bank_transfer_consent: true,
};

/** The texts of a failed parse, by field, in the order they came. */
function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
}

describe('the buyer step rules', () => {
  it('give the Russian texts of spec §5, or null', () => {
    expect(STEP1_RULES.surname('\u200b ')).toBe(MESSAGES.surnameRequired);
    expect(STEP1_RULES.name('')).toBe(MESSAGES.nameRequired);
    expect(STEP1_RULES.organization_name(' ')).toBe(MESSAGES.organizationRequired);
    expect(STEP1_RULES.inn('')).toBe(MESSAGES.innRequired);
    expect(STEP1_RULES.inn('77 0708 3893')).toBeNull();
    expect(STEP1_RULES.inn('7707083894')).toBe(MESSAGES.innLegalChecksum);
    // Not cut to 12 digits: what the API is sent is checked whole.
    expect(STEP1_RULES.inn('7707083893000')).toBe(MESSAGES.innLength);
    expect(STEP2_RULES.phone_number('12345')).toBe(MESSAGES.phoneInvalid);
    expect(STEP2_RULES.phone_number('+7 495 123-45-67')).toBe(PHONE_NOT_MOBILE_MESSAGE);
    expect(STEP2_RULES.phone_number(' 89001234567 ')).toBeNull();
    expect(STEP2_RULES.email('ivan@mail..ru')).toBe(MESSAGES.emailInvalid);
    expect(STEP2_RULES.sms_code_input('')).toBe(MESSAGES.smsCodeRequired);
    expect(STEP2_RULES.email_code_input('')).toBe(MESSAGES.emailCodeRequired);
    expect(STEP2_RULES.personal_data_consent(false)).toBe(MESSAGES.consentRequired);
    expect(STEP2_RULES.bank_transfer_consent(false)).toBe(BANK_TRANSFER_CONSENT_REQUIRED);
  });
});

describe('the buyer step schemas', () => {
  it('pass a complete application', () => {
    expect(BuyerStep1.safeParse(STEP1).success).toBe(true);
    expect(BuyerStep2.safeParse(STEP2).success).toBe(true);
  });

  it("report each field's rule text, in the form's order", () => {
    const result = BuyerStep2.safeParse({
      ...STEP2,
      surname: ' ',
      inn: '123',
      phone_number: '+7 495 123-45-67',
      sms_code_input: '12a',
      email_code_input: '',
      bank_transfer_consent: false,
    });
    expect(messages(result)).toEqual([
      ['surname', MESSAGES.surnameRequired],
      ['inn', MESSAGES.innLength],
      ['phone_number', PHONE_NOT_MOBILE_MESSAGE],
      ['sms_code_input', CODE_FORMAT_MESSAGE],
      ['email_code_input', MESSAGES.emailCodeRequired],
      ['bank_transfer_consent', BANK_TRANSFER_CONSENT_REQUIRED],
    ]);
  });

  it("say a missing field's own text, not zod's", () => {
    expect(messages(BuyerStep2.safeParse({}))).toEqual([
      ['surname', MESSAGES.surnameRequired],
      ['name', MESSAGES.nameRequired],
      ['inn', MESSAGES.innRequired],
      ['organization_name', MESSAGES.organizationRequired],
      ['phone_number', MESSAGES.phoneInvalid],
      ['email', MESSAGES.emailInvalid],
      ['sms_code_input', MESSAGES.smsCodeRequired],
      ['email_code_input', MESSAGES.emailCodeRequired],
      ['personal_data_consent', MESSAGES.consentRequired],
      ['bank_transfer_consent', BANK_TRANSFER_CONSENT_REQUIRED],
    ]);
  });

  it('check the contacts sent with step 1 only when they are sent', () => {
    expect(BuyerStep1Patch.safeParse(STEP1).success).toBe(true);
    expect(
      messages(BuyerStep1Patch.safeParse({ ...STEP1, phone_number: '+7 495 123-45-67', email: 'x' })),
    ).toEqual([
      ['phone_number', PHONE_NOT_MOBILE_MESSAGE],
      ['email', MESSAGES.emailInvalid],
    ]);
  });
});
