import { cleanText, normalizeInnInput, STEP1_RULES } from '@b2bpay/domain';

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

/** Every error to show, one per field (the domain's step-1 rules, buyer-step1-rules.ts); middlename is optional. */
export function validateStep1(values: Step1Values): Step1Errors {
  return withoutPasses([
    ['surname', STEP1_RULES.surname(values.surname)],
    ['name', STEP1_RULES.name(values.name)],
    ['inn', STEP1_RULES.inn(values.inn)],
    ['organizationName', STEP1_RULES.organization_name(values.organizationName)],
  ]);
}

/** The fields whose rule gave a text, in the order given. */
export function withoutPasses<F extends string>(checked: [F, string | null][]): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const [field, message] of checked) if (message !== null) errors[field] = message;
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
