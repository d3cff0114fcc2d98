import { CABINET_MESSAGES, isValidEmail, normalizeEmail, PASSWORD_MIN_LENGTH } from '@b2bpay/domain';
import { accountFailureText } from '../../shared/api/failure-text';
import { ADMIN_TEXTS } from './admin-texts';

/**
 * The staff log-in and password forms' rules in the browser. The contract's staff fields are the
 * cabinet's (AccountEmail, AccountPassword), so are their messages; the API holds the same rules.
 */
export { PASSWORD_MIN_LENGTH };

export function staffEmailError(value: string): string | undefined {
  const email = normalizeEmail(value);
  if (email === '') return ADMIN_TEXTS.emailRequired;
  return isValidEmail(email) ? undefined : CABINET_MESSAGES.emailInvalid;
}

export function newPasswordError(value: string): string | undefined {
  if (value === '') return ADMIN_TEXTS.passwordRequired;
  return value.length < PASSWORD_MIN_LENGTH ? CABINET_MESSAGES.passwordTooShort : undefined;
}

/** Where to go after log-in: only a back-office path of this site (`next` comes from the address). */
export function staffNext(next: string | null): string {
  if (!next || !/^\/admin(\/|\?|$)/.test(next)) return '/admin';
  return next;
}

/** What a failed log-in says: the server's words, and when to try again after 429. */
export const loginFailureText = (error: unknown): string => accountFailureText(error, ADMIN_TEXTS);
