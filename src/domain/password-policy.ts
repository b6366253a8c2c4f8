/**
 * Which new passwords are refused (NIST SP 800-63B 3.1.1.2; decision 046), as one set of rules
 * for the server and the password forms' meter. Pure: the strength estimate is passed in, so the
 * web app can apply these rules while only the screens with a password form load the estimator
 * and its dictionaries (src/domain/password-strength.ts, a few MB).
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
/**
 * How much of a password the strength estimator sees (decision 072). Its cost grows faster
 * than the length (about 0.25 s at 64 characters and 0.8-1.1 s at 200 on our 2-core box, on
 * the only request thread), so it judges this prefix; the cheap rules (length, blank, the
 * username) still read the whole password. A strong prefix makes the whole password strong;
 * a guessable one is refused whatever follows it (64 characters of guessable words, rare).
 */
export const PASSWORD_ESTIMATE_MAX_CHARS = 64;
/**
 * zxcvbn's score from 0 to 4; 3 ("safely unguessable: moderate protection from an offline
 * slow-hash scenario", at least 10^8 guesses) is the lowest a new password may have.
 */
export const PASSWORD_MIN_SCORE = 3;
/**
 * Words of this application and trade (ASVS 5.0 V6.1.2's documented list, decision 046): the
 * estimator counts each as one guess, so "BettingShop2024" scores as a word and a year. The
 * username is added per password and is refused outright when inside it.
 */
export const PASSWORD_CONTEXT_WORDS = [
  "betting",
  "bettingshop",
  "bookmaker",
  "bookie",
  "punter",
  "wager",
  "admin",
  "cashier",
  "clerk",
  "counter",
  "till",
] as const;
/** A username shorter than this is not looked for inside the password (every "a" would match). */
const USERNAME_MIN_MATCH = 3;

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

/** What the estimator says of a password. */
export interface PasswordEstimate {
  score: PasswordScore;
  /** The whole password is on the list of common (breached) passwords, l33t or case aside. */
  common: boolean;
  /** The estimator's own warning (e.g. "Repeated characters like "aaa" are easy to guess."). */
  warning: string | null;
  suggestions: string[];
}

export type EstimatePassword = (password: string, userInputs: string[]) => PasswordEstimate;

export interface PasswordVerdict {
  /** 0-4 for the meter; 0 whenever a rule refuses the password. */
  score: PasswordScore;
  /** Why the password is refused, as a sentence for the field; null when it is accepted. */
  problem: string | null;
}

export const PASSWORD_MESSAGES = {
  short: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  long: "Password is too long",
  blank: "The password must not be only spaces",
  username: "The password must not contain the username",
  common: "This password is too common: it is on a list of passwords that attackers try first",
  guessable: "This password is too easy to guess",
} as const;

/** The estimator's warning, else its first suggestion, as the second half of the message. */
function hint(estimate: PasswordEstimate): string {
  const text = estimate.warning ?? estimate.suggestions[0] ?? "";
  return text ? `. ${text.replace(/\.$/, "")}` : "";
}

/**
 * The first rule a password breaks, in the order a person can act on: length, only blank,
 * the username inside it (any case), on the common list, then the estimator's score. The
 * estimator sees only the first PASSWORD_ESTIMATE_MAX_CHARS characters, so no password costs
 * more than a 64-character one to judge, here, in the scripts and in the forms' meter.
 */
export function judgePassword(
  password: string,
  username: string,
  estimate: EstimatePassword,
): PasswordVerdict {
  const refuse = (problem: string): PasswordVerdict => ({ score: 0, problem });
  if (password.length < PASSWORD_MIN_LENGTH) return refuse(PASSWORD_MESSAGES.short);
  if (password.length > PASSWORD_MAX_LENGTH) return refuse(PASSWORD_MESSAGES.long);
  if (password.trim() === "") return refuse(PASSWORD_MESSAGES.blank);
  const name = username.trim().toLowerCase();
  const lower = password.toLowerCase();
  if (name && (lower === name || (name.length >= USERNAME_MIN_MATCH && lower.includes(name)))) {
    return refuse(PASSWORD_MESSAGES.username);
  }
  const result = estimate(
    password.slice(0, PASSWORD_ESTIMATE_MAX_CHARS),
    name ? [name, ...PASSWORD_CONTEXT_WORDS] : [...PASSWORD_CONTEXT_WORDS],
  );
  if (result.common) return refuse(PASSWORD_MESSAGES.common);
  if (result.score < PASSWORD_MIN_SCORE) {
    return { score: result.score, problem: `${PASSWORD_MESSAGES.guessable}${hint(result)}` };
  }
  return { score: result.score, problem: null };
}
