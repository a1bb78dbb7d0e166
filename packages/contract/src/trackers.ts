import { z } from 'zod';
import { zId } from './numbers.ts';

/*
 * Tracker credentials: a phone running Traccar Client (OsmAnd protocol) or OwnTracks reports a
 * driver's positions with a Tracker ID, the one secret it holds. The server makes each one (128
 * random bits), shows it once, and keeps only its digest (docs/decisions/0023).
 */

/**
 * How a driver's tracker was set up: none; an id the server made (`issued`); an id an admin typed
 * that passed the strength rule (`custom`); an id from before the rule, which keeps working until it
 * is regenerated but may be guessable (`legacy`).
 */
export const TRACKER_STATES = ['none', 'issued', 'custom', 'legacy'] as const;
export type TTrackerState = (typeof TRACKER_STATES)[number];
export const ZTrackerState = z.enum(TRACKER_STATES);

/** Random bytes of an id the server makes: 128 bits, 26 characters of base32. */
export const TRACKER_ID_BYTES = 16;
/** The strength a custom id must reach, estimated as below. */
export const TRACKER_ID_MIN_BITS = 100;
export const TRACKER_ID_MAX = 100;

/** Characters a Tracker ID may hold: what travels unescaped in a URL and a phone's settings field. */
const TRACKER_ID_CHARS = /^[A-Za-z0-9._~-]+$/;

/** What a word found in an id is worth, in bits: about one word of a 8,000-word list. */
const WORD_BITS = 13;
/** Words a Tracker ID is often made of, whatever else the server knows to look for. */
const TRACKER_WORDS = ['tracker', 'track', 'phone', 'device', 'driver', 'traccar', 'owntracks', 'osmand'];
const WORD_MIN = 4;
const WORD_MAX = 16;

/**
 * An estimate of how hard an id is to guess, in bits. Each character is worth the bits of the
 * smallest alphabet holding the id's characters (digits 10, one case of letters 26, letters and
 * digits 36 or 62, with punctuation 66), but a character repeating or following on from the one
 * before (`aaaa`, `abcd`, `1234`) a quarter of that, and a word (of `isWord`, the server's lists of
 * common words and passwords and the names it knows, and a few tracker words) 13 bits whatever its
 * length. A random id of 26 base32 characters scores about 130; `358240051111110` (an IMEI) 36;
 * `desertexpress-tracker-23` far below 100 on the server.
 */
export function trackerIdBits(id: string, isWord: (lower: string) => boolean = () => false): number {
  const lower = id.toLowerCase();
  const letters = (/[a-z]/.test(id) ? 26 : 0) + (/[A-Z]/.test(id) ? 26 : 0);
  const pool = letters + (/[0-9]/.test(id) ? 10 : 0) + (/[^A-Za-z0-9]/.test(id) ? 4 : 0);
  if (pool === 0) return 0;
  const perChar = Math.log2(pool);
  const word = (text: string) => TRACKER_WORDS.includes(text) || isWord(text);
  let bits = 0;
  for (let i = 0; i < lower.length;) {
    let found = 0;
    for (let end = Math.min(lower.length, i + WORD_MAX); end - i >= WORD_MIN && !found; end--) {
      const part = lower.slice(i, end);
      if (/^[a-z]+$/.test(part) && word(part)) found = end - i;
    }
    if (found) {
      bits += WORD_BITS;
      i += found;
      continue;
    }
    const step = i === 0 ? NaN : lower.charCodeAt(i) - lower.charCodeAt(i - 1);
    bits += Math.abs(step) <= 1 ? perChar / 4 : perChar;
    i += 1;
  }
  return Math.floor(bits);
}

export const TRACKER_MESSAGES = {
  idInvalid: `Tracker ID must be 1 to ${TRACKER_ID_MAX} letters, digits or the characters . _ ~ -`,
  idWeak: (bits: number) =>
    `This Tracker ID is too easy to guess (about ${bits} bits; at least ${TRACKER_ID_MIN_BITS} are needed): ` +
    'use 20 or more random letters and digits, or leave it empty to have one made.',
  /** A custom id that cannot be used, for whatever reason beyond its form: never says whose it is. */
  idUnavailable: 'This Tracker ID cannot be used: leave it empty to have one made.',
  issued: 'Tracker ID made: set it up on the phone now, it is not shown again.',
  set: 'Tracker ID set.',
  removed: 'Tracker removed: its phone can no longer report for this driver.',
  /** Every refused tracker report: an unknown id and an unreadable report alike. */
  refused:
    'Report refused: the Tracker ID is unknown or the report is not a readable position. ' +
    'Check the server URL, the protocol and the Tracker ID shown when the tracker was set up.',
  tooManyRefused: (seconds: number) =>
    `Too many refused reports from this address: try again in ${seconds} seconds.`,
  /** Reports waiting past the server's bound: this one is not taken, the tracker keeps it and sends it again. */
  busy: (seconds: number) =>
    `The server has too many reports waiting: send this one again in ${seconds} seconds.`,
  legacy:
    'This tracker reports with an ID set before IDs had to be hard to guess. It keeps working until ' +
    'you regenerate it, but someone who guesses it could move this driver: regenerate it and set the ' +
    'new one up on the phone.',
} as const;

/**
 * Why an id an admin typed cannot be a Tracker ID, or null when it can: its form (letters, digits
 * and `. _ ~ -`, at most 100), then its strength (`TRACKER_ID_MIN_BITS`, words by `isWord` too).
 */
export function trackerIdProblem(id: string, isWord?: (lower: string) => boolean): string | null {
  if (id.length === 0 || id.length > TRACKER_ID_MAX || !TRACKER_ID_CHARS.test(id))
    return TRACKER_MESSAGES.idInvalid;
  const bits = trackerIdBits(id, isWord);
  return bits < TRACKER_ID_MIN_BITS ? TRACKER_MESSAGES.idWeak(bits) : null;
}

/**
 * A custom Tracker ID as a request carries it: trimmed, then checked by `trackerIdProblem` (the
 * server checks it again against its word lists, `assertStrongTrackerId`).
 */
export const zCustomTrackerId = () =>
  z
    .string({ error: TRACKER_MESSAGES.idInvalid })
    .trim()
    .superRefine((id, ctx) => {
      const problem = trackerIdProblem(id);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

/** `POST /api/v1/trackers/setup`: makes a driver's Tracker ID, or sets the custom one given. */
export const ZTrackerSetupRequest = z.object({
  driver_id: zId('driver_id'),
  /** Left out or empty: the server makes one. */
  tracker_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), zCustomTrackerId().optional()),
});
export type TTrackerSetupRequest = z.input<typeof ZTrackerSetupRequest>;

/** Its answer: the id, shown once (only its digest is kept), and how it was made. */
export const ZTrackerSetup = z.object({
  driver_id: z.number().int(),
  tracker_id: z.string(),
  state: z.enum(['issued', 'custom']),
});
export type TTrackerSetup = z.infer<typeof ZTrackerSetup>;

/** `POST /api/v1/trackers/remove`. */
export const ZTrackerRemoveRequest = z.object({ driver_id: zId('driver_id') });

/** The intake routes, as a phone is told to reach them. */
export const OSMAND_PATH = '/api/osmand';
export const OWNTRACKS_PATH = '/api/owntracks';
