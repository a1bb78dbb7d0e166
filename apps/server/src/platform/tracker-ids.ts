import { createHash, randomBytes } from 'node:crypto';
import { TRACKER_ID_BYTES, trackerIdProblem } from '@fleet/contract';

/*
 * Tracker IDs are credentials, like passwords: the server makes them from random bytes and keeps
 * only their digest, so nobody (an admin, a copy of the database) can read one back; an id an admin
 * types must be hard to guess (docs/decisions/0023). Used by the trackers and drivers modules and
 * the demo seed.
 */

/** SHA-256 of a Tracker ID, in hex: what `drivers.tracker_digest` holds and the intake looks up. */
export const trackerDigest = (id: string): string => createHash('sha256').update(id, 'utf8').digest('hex');

/** Lower-case base32 (RFC 4648's alphabet): easy to read out and to type on a phone. */
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * A new Tracker ID: 26 characters of base32, each from one random byte (32 divides 256, so every
 * character is equally likely): 130 bits.
 */
export function newTrackerId(): string {
  const bytes = randomBytes(Math.ceil((TRACKER_ID_BYTES * 8) / 5));
  let id = '';
  for (const byte of bytes) id += BASE32[byte & 31];
  return id;
}

// ---------- The strength of a custom id ----------

/*
 * Judged with more than the console knows: the common words and passwords of zxcvbn-ts (a few
 * hundred kilobytes, kept out of the web bundle and loaded on first use), and the names of the
 * driver and tenant the id is for. An id made of them is a guess away.
 */

const WORD = /^[a-z]{4,16}$/;
let words: Promise<ReadonlySet<string>> | undefined;
const commonWords = () =>
  (words ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(
        [...dictionary['diceware-common'], ...dictionary['passwords-common']]
          .map((w) => w.toLowerCase())
          .filter((w) => WORD.test(w)),
      ),
  ));

/** The words of names (a driver's, an e-mail's, a tenant's) an id must not be built from. */
export const wordsOf = (...names: (string | null | undefined)[]): string[] =>
  names.flatMap((name) => (name ?? '').toLowerCase().split(/[^a-z]+/)).filter((w) => w.length >= 4);

/**
 * Why a custom Tracker ID cannot be used, or null when it can: the contract's rule
 * (`trackerIdProblem`), with common words and passwords and `names` counted as the words they are.
 */
export async function trackerIdWeakness(id: string, names: string[] = []): Promise<string | null> {
  const common = await commonWords();
  const own = new Set(names);
  return trackerIdProblem(id, (part) => common.has(part) || own.has(part));
}
