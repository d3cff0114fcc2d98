import { validateInn } from './inn';
import { MESSAGES } from './messages';
import { cleanText } from './text';

/**
 * The buyer's application rules (spec §5), each written once: a field's rule takes the value as
 * typed (or sent) and returns its Russian error text, or null when the value passes. The fields carry
 * their wire names (PATCH /api/order/orders/{id}/client). The buyer's forms call these functions;
 * the server validates with the zod schemas built from them (buyer-steps.schema.ts). The forms do
 * not parse with zod themselves: zod would add about 5 KB gzip to the buyer's first load, which has
 * none to spare (scripts/check-size.mjs). Step 2's rules are a module of their own
 * (buyer-step2-rules.ts), so that step 1's page does not download them.
 */
export type Rule<T> = (value: T) => string | null;

const required =
  (message: string): Rule<string> =>
  (value) =>
    cleanText(value) === '' ? message : null;

/** Step 1: who applies, for which organisation. The middle name is optional and has no rule. */
export const STEP1_RULES = {
  surname: required(MESSAGES.surnameRequired),
  name: required(MESSAGES.nameRequired),
  // Digits only, not cut to 12: the form keeps at most 12 as they are typed, and a longer INN sent
  // to the API is a wrong length, not a shorter INN.
  inn: (value: string) => validateInn(value.replace(/\D/g, '')),
  organization_name: required(MESSAGES.organizationRequired),
} satisfies Record<string, Rule<string>>;
