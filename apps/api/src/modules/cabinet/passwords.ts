import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { CABINET_MESSAGES } from '@b2bpay/domain';
import { validationError } from '../../shared/errors';

/**
 * scrypt (RFC 7914) with N = 2^15, r = 8, p = 1: 32 MiB and about 50–100 ms per hash on one core,
 * OWASP's recommended minimum for scrypt. Memory-hard, so a stolen table is slow to guess through on
 * GPUs; built into Node, so no native addon (argon2 needs one and an install script).
 */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
// Node refuses more than 32 MiB by default, which is exactly what these parameters take.
const MAX_MEM = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }) {
  return new Promise<Buffer>((resolve, reject) => {
    const options: ScryptOptions = { ...params, maxmem: MAX_MEM };
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash` (base64): the parameters travel with the hash, so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of nothing anyone knows: verified against when there is no account, so both take as long. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}

/**
 * The well-known leaked passwords: zxcvbn-ts's common list (the most frequent passwords of public
 * breaches, @zxcvbn-ts/language-common), loaded on first use; compared case-insensitively.
 */
let leaked: Promise<Set<string>> | undefined;
function leakedPasswords(): Promise<Set<string>> {
  leaked ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())),
  );
  return leaked;
}

/** The password rule beyond length (zod holds ≥ 10): 400 on `field` for a well-known leaked one. */
export async function assertPasswordNotLeaked(password: string, field = 'password') {
  if ((await leakedPasswords()).has(password.toLowerCase())) {
    throw validationError(field, CABINET_MESSAGES.passwordLeaked);
  }
}
