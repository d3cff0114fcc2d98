/** Spec §5: deliberately loose (non-space text, @, a dotted part); the e-mail code proves the rest. */
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

/** RFC 5321 path limit; also keeps absurd input out of storage and mail headers. */
const MAX_EMAIL_LENGTH = 254;

/** Checks the value as given; run normalizeEmail first to forgive surrounding spaces. */
export function isValidEmail(s: string): boolean {
  return s.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(s);
}

/** One address, one spelling: lookups and code checks compare the stored form. */
export function normalizeEmail(s: string): string {
  return s.trim().toLowerCase();
}

/** 'i***@mail.ru': the domain tells the buyer where the code went, the local part stays private. */
export function maskEmail(s: string): string {
  const at = s.lastIndexOf('@');
  if (at < 1) return '***';
  return `${s.slice(0, 1)}***${s.slice(at)}`;
}
