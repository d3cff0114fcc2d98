import { CABINET_MESSAGES, isValidEmail, normalizeEmail, PASSWORD_MIN_LENGTH } from '@b2bpay/domain';
import { ApiError, NetworkError, serverMessage } from '../../shared/api/http';
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

function retryText(headers: Headers): string | null {
  const seconds = Number(headers.get('Retry-After'));
  if (!Number.isFinite(seconds) || seconds <= 0) return null;
  return seconds < 60 ? `Попробуйте через ${seconds} с.` : `Попробуйте через ${Math.ceil(seconds / 60)} мин.`;
}

/** What a failed log-in says: the server's words, and when to try again after 429. */
export function loginFailureText(error: unknown): string {
  if (error instanceof NetworkError) return ADMIN_TEXTS.network;
  const message = serverMessage(error) ?? ADMIN_TEXTS.failed;
  if (error instanceof ApiError && error.status === 429) {
    const retry = retryText(error.headers);
    return retry ? `${message} ${retry}` : message;
  }
  return message;
}
