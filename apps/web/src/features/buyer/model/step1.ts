import { cleanText, MESSAGES, normalizeInnInput, validateInn } from '@b2bpay/domain';

/** Step 1 of the application (spec §5): personal and organization data. */
export interface Step1Values {
  surname: string;
  name: string;
  middlename: string;
  organizationName: string;
  inn: string;
}

export type Step1Field = keyof Step1Values;
export type Step1Errors = Partial<Record<Step1Field, string>>;

/** The order fields appear in on the page; the first invalid one gets the focus. */
export const STEP1_FIELDS: readonly Step1Field[] = [
  'surname',
  'name',
  'middlename',
  'inn',
  'organizationName',
];

/**
 * Every step-1 rule, checked on submit; middlename is optional. A name of only spaces or invisible
 * characters is empty, as the server's contract (cleanText) sees it.
 */
export function validateStep1(values: Step1Values): Step1Errors {
  const errors: Step1Errors = {};
  if (cleanText(values.surname) === '') errors.surname = MESSAGES.surnameRequired;
  if (cleanText(values.name) === '') errors.name = MESSAGES.nameRequired;
  const innError = validateInn(normalizeInnInput(values.inn));
  if (innError) errors.inn = innError;
  if (cleanText(values.organizationName) === '') errors.organizationName = MESSAGES.organizationRequired;
  return errors;
}

export function isStep1Complete(values: Step1Values): boolean {
  return Object.keys(validateStep1(values)).length === 0;
}

/** What is sent: names cleaned as the server stores them (cleanText), INN digits only. */
export function cleanStep1(values: Step1Values): Step1Values {
  return {
    surname: cleanText(values.surname),
    name: cleanText(values.name),
    middlename: cleanText(values.middlename),
    organizationName: cleanText(values.organizationName),
    inn: normalizeInnInput(values.inn),
  };
}

const SERVER_FIELDS: Record<string, Step1Field> = {
  surname: 'surname',
  name: 'name',
  middlename: 'middlename',
  inn: 'inn',
  organization_name: 'organizationName',
};

/** The form field a server error names (its wire name), if it is one of step 1's. */
export function step1FieldOf(serverField: string | undefined): Step1Field | undefined {
  return serverField === undefined ? undefined : SERVER_FIELDS[serverField];
}
