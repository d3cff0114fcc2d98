/** Spec §5: deliberately loose (non-space text, @, a dotted part); the e-mail code proves the rest. */
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

/** RFC 5321 path limit; also keeps absurd input out of storage and mail headers. */
const MAX_EMAIL_LENGTH = 254;

/** RFC 5322 dot-atom (letters of any script allowed, RFC 6531): no quotes, commas, brackets or empty dot parts. */
const LOCAL_PART = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
/** A host name label (IDN letters allowed): letters, digits and inner hyphens, 1–63 characters. */
const DOMAIN_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;

/**
 * The scripts whose letters look alike (Latin a e o p c x y, Cyrillic а е о р с х у, Greek ο α…). A part
 * of an address — the local part, or one label of the host — may use letters of one of them at most,
 * so `ivаn@mail.ru` with a Cyrillic «а» never passes for `ivan@mail.ru`. Each part may have its own
 * (`ivan@почта.рф`); other scripts are left as they are; a host in punycode (`xn--…`) is ASCII and
 * shows as such, so it cannot pass for another either.
 */
const LOOK_ALIKE_SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u];

function mixesLookAlikeScripts(part: string): boolean {
  return LOOK_ALIKE_SCRIPTS.filter((script) => script.test(part)).length > 1;
}

/**
 * Checks the value as given; run normalizeEmail first to forgive surrounding spaces. The spec's
 * loose pattern, and then what a mail server takes as one address (`ivan@mail..ru` once passed
 * the pattern, started the code's 60 s cooldown and was then refused by the mailer; a comma would
 * have made two recipients of one code): one `@`, a dot-atom local part, a host name of two or more
 * labels, and no part mixing look-alike scripts. The browser and the server run this same function
 * before a code is requested.
 */
export function isValidEmail(s: string): boolean {
  if (s.length > MAX_EMAIL_LENGTH || !EMAIL_PATTERN.test(s)) return false;
  const at = s.indexOf('@');
  if (at !== s.lastIndexOf('@')) return false;
  const local = s.slice(0, at);
  const labels = s.slice(at + 1).split('.');
  return (
    LOCAL_PART.test(local) &&
    !mixesLookAlikeScripts(local) &&
    labels.length >= 2 &&
    labels.every((label) => DOMAIN_LABEL.test(label) && !mixesLookAlikeScripts(label)) &&
    !/^\d+$/.test(labels.at(-1) ?? '')
  );
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
