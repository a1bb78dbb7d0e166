import { MESSAGES } from './messages.ts';

/*
 * How hard a new password is to guess, estimated by zxcvbn-ts (dictionaries of common passwords,
 * names and words; keyboard patterns, repeats, sequences, dates, l33t). The server refuses a weak
 * password with the reason; the console shows the same reason under the field before sending.
 * The dictionaries (about 1.5 MB) load on first use, so neither a start nor the web bundle pays for
 * them up front.
 */

/** zxcvbn's score (0–4) a new password needs: 3 is "safely unguessable" (about 10^8 guesses or more). */
export const PASSWORD_MIN_SCORE = 3;

/** What a password must not be made of: the account's own e-mail and names, and its organisation's name. */
export interface TPasswordContext {
  email?: string | null | undefined;
  fname?: string | null | undefined;
  lname?: string | null | undefined;
  tenantName?: string | null | undefined;
}

/**
 * The words a password must not be built from: the e-mail, its local part and its pieces, the
 * domain's labels, the names, and the organisation's name whole, without spaces and word by word.
 */
export function accountWords({ email, fname, lname, tenantName }: TPasswordContext): string[] {
  const words = new Set<string>();
  const add = (w: string | null | undefined) => {
    const word = w?.trim().toLowerCase();
    // Very short pieces ("of", "co") would only flag ordinary words.
    if (word && word.length >= 3) words.add(word);
  };
  if (email) {
    const [local = '', domain = ''] = email.split('@');
    add(email);
    add(local);
    local.split(/[._+-]+/).forEach(add);
    domain.split('.').slice(0, -1).forEach(add);
  }
  for (const name of [fname, lname, tenantName]) {
    if (!name) continue;
    add(name);
    add(name.replace(/[\s\-_.']+/g, ''));
    name.split(/[\s\-_.']+/).forEach(add);
  }
  return [...words];
}

/** A test of a new password: null when it is strong enough, otherwise the reason, as a message. */
export type TPasswordStrengthTest = (password: string, context?: TPasswordContext) => string | null;

let loading: Promise<TPasswordStrengthTest> | undefined;

/** Loads the estimator once (its dictionaries are large) and answers the test it makes. */
export function loadPasswordStrengthTest(): Promise<TPasswordStrengthTest> {
  return (loading ??= (async (): Promise<TPasswordStrengthTest> => {
    const [{ ZxcvbnFactory }, common, en] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    const warnings = en.translations.warnings;
    const commonWarnings = new Set([
      warnings.topTen,
      warnings.topHundred,
      warnings.common,
      warnings.similarToCommon,
    ]);
    const zxcvbn = new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: {
        ...en.translations,
        warnings: { ...warnings, userInputs: MESSAGES.password.fromAccount },
      },
    });
    return (password, context = {}) => {
      const words = accountWords(context);
      // What is left once the account's words are taken out must be strong on its own: zxcvbn
      // alone lets "NoorAli2026" pass for Noor Ali, a name and a year.
      const rest = [...words]
        .sort((a, b) => b.length - a.length)
        .reduce((left, word) => left.split(word).join(''), password.toLowerCase());
      if (rest.length < password.length && zxcvbn.check(rest).score < PASSWORD_MIN_SCORE)
        return MESSAGES.password.tooWeak(MESSAGES.password.fromAccount);
      const result = zxcvbn.check(password, words);
      if (result.score >= PASSWORD_MIN_SCORE) return null;
      const fromAccount = result.sequence.some(
        (m) => 'dictionaryName' in m && m.dictionaryName === 'userInputs',
      );
      if (fromAccount) return MESSAGES.password.tooWeak(MESSAGES.password.fromAccount);
      const { warning, suggestions } = result.feedback;
      if (warning && commonWarnings.has(warning)) return MESSAGES.password.tooCommon;
      return MESSAGES.password.tooWeak(warning || suggestions[0] || MESSAGES.password.addWords);
    };
  })().catch((error: unknown) => {
    // A failed load (a web chunk that did not arrive) is tried again next time.
    loading = undefined;
    throw error;
  }));
}
