import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { loadPasswordStrengthTest, type TPasswordContext } from '@fleet/contract';
import { AppError } from './errors.ts';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

// scrypt parameters (N = 2^15, r = 8, p = 1): about 32 MiB and tens of milliseconds per hash.
const N = 32768;
const r = 8;
const p = 1;
const KEYLEN = 32;
const maxmem = 64 * 1024 * 1024;

/** Hashes a password with scrypt and a per-user random salt: `scrypt$N$r$p$salt$hash` (base64). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { N, r, p, maxmem });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Constant-time check of a password against a stored hash; false on any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, rr, pp, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !rr || !pp || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const key = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(rr),
    p: Number(pp),
    maxmem,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

// Verified against when an e-mail is unknown, so response time does not reveal which accounts exist.
let decoyHash: Promise<string> | undefined;
export const decoyPasswordHash = () => (decoyHash ??= hashPassword(randomBytes(12).toString('hex')));

/** The strength test of new passwords (contract/password-strength.ts); its dictionaries load on first use. */
export const passwordStrengthTest = loadPasswordStrengthTest;

/**
 * Refuses a password a user chooses when it is easy to guess or made of the account's e-mail, name
 * or organisation name (400 on `field`, with the reason). The contract checks its length.
 */
export async function assertPasswordStrong(
  password: string,
  context: TPasswordContext,
  field = 'password',
): Promise<void> {
  const weakness = (await passwordStrengthTest())(password, context);
  if (weakness) throw AppError.field(field, weakness);
}
