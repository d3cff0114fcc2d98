import { CABINET_MESSAGES, isValidEmail, normalizeEmail, PASSWORD_MIN_LENGTH } from '@b2bpay/domain';

/** The cabinet's field rules in the browser; the API holds the same and says more (leaked passwords). */
export { PASSWORD_MIN_LENGTH };

export const CABINET_TEXTS = {
  emailRequired: 'Укажите e-mail',
  emailInvalid: CABINET_MESSAGES.emailInvalid,
  passwordRequired: 'Введите пароль',
  passwordShort: CABINET_MESSAGES.passwordTooShort,
  passwordsDiffer: 'Пароли не совпадают',
  nameRequired: CABINET_MESSAGES.nameRequired,
  network: 'Не удалось связаться с сервером. Проверьте соединение и попробуйте ещё раз.',
  failed: 'Что-то пошло не так. Попробуйте ещё раз.',
  linkMissing: 'В ссылке нет кода. Откройте ссылку из письма целиком.',
} as const;

export function emailError(value: string): string | undefined {
  const email = normalizeEmail(value);
  if (email === '') return CABINET_TEXTS.emailRequired;
  return isValidEmail(email) ? undefined : CABINET_TEXTS.emailInvalid;
}

/** A new password: long enough (the server also refuses well-known leaked ones). */
export function newPasswordError(value: string): string | undefined {
  if (value === '') return CABINET_TEXTS.passwordRequired;
  return value.length < PASSWORD_MIN_LENGTH ? CABINET_TEXTS.passwordShort : undefined;
}

export function nameError(value: string): string | undefined {
  return value.trim() === '' ? CABINET_TEXTS.nameRequired : undefined;
}

/** Where to go after log-in: only a path of this site (`next` comes from the address). */
export function safeNext(next: string | null): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export function hasErrors<F extends string>(errors: FieldErrors<F>): boolean {
  return Object.values(errors).some(Boolean);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The server's field errors (400: `errors: [{field, message}]`, or the one `error.field`), by the
 * form's field names; `fieldNames` maps the wire path (e.g. company.inn) to the form's field.
 */
export function serverFieldErrors<F extends string>(
  body: unknown,
  fieldNames: Record<string, F>,
): FieldErrors<F> {
  const out: FieldErrors<F> = {};
  if (!isRecord(body)) return out;
  const list = Array.isArray(body.errors) ? body.errors : [];
  const single = isRecord(body.error) ? [body.error] : [];
  for (const item of [...list, ...single]) {
    if (!isRecord(item) || typeof item.field !== 'string' || typeof item.message !== 'string') continue;
    const field = fieldNames[item.field];
    if (field && !out[field]) out[field] = item.message;
  }
  return out;
}
