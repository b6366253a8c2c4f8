/**
 * The strength estimator behind the password rules (src/domain/password-policy.ts): zxcvbn-ts
 * with its common-password list (passwords from breach corpora) and the English and German
 * dictionaries. The dictionaries are a few MB, so the web app imports this module only
 * dynamically, on the screens with a password form; the server imports it where passwords are set.
 */
import { type MatchExtended, ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as de from "@zxcvbn-ts/language-de";
import * as en from "@zxcvbn-ts/language-en";
import {
  judgePassword,
  type PasswordEstimate,
  type PasswordScore,
  type PasswordVerdict,
} from "./password-policy";

let factory: ZxcvbnFactory | null = null;

/** Built on first use: ranking the dictionaries takes about 150 ms. */
function zxcvbn(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: {
      ...common.dictionary,
      ...en.dictionary,
      // language-de names its lists without a suffix; the suffix keeps them apart from others.
      ...Object.fromEntries(
        Object.entries(de.dictionary).map(([name, list]) => [`${name}-de`, list]),
      ),
    },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  });
  return factory;
}

/** The whole password is one word of the common-password list (l33t, case or reversal aside). */
function isCommon(password: string, sequence: MatchExtended[]): boolean {
  const only = sequence.length === 1 ? sequence[0] : undefined;
  return (
    only?.pattern === "dictionary" &&
    String(only.dictionaryName).startsWith("passwords") &&
    only.i === 0 &&
    only.j === password.length - 1
  );
}

export function estimatePassword(password: string, userInputs: string[]): PasswordEstimate {
  const result = zxcvbn().check(password, userInputs);
  return {
    score: result.score as PasswordScore,
    common: isCommon(password, result.sequence),
    warning: result.feedback.warning,
    suggestions: result.feedback.suggestions,
  };
}

/** The password rules with this estimator: why `password` is refused for `username`, or null. */
export function checkPassword(password: string, username: string): PasswordVerdict {
  return judgePassword(password, username, estimatePassword);
}
