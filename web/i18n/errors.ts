/**
 * The server's error `code`s as translated messages (issue 23 item 2, decision 065). The
 * server's English `message` stays for API clients and is what the English app shows; in
 * any other language the message of the error's code shows instead (the table below).
 */
import type { ErrorCode } from "../../src/lib/errors";
import { currentLanguage, i18n } from ".";
import type { Catalogue } from "./en";

type ErrorKey = `errors.${keyof Catalogue["errors"]}`;

/** The table code -> catalogue key: every code the server answers has one. */
export const ERROR_KEYS = {
  VALIDATION: "errors.VALIDATION",
  UNAUTHENTICATED: "errors.UNAUTHENTICATED",
  FORBIDDEN: "errors.FORBIDDEN",
  NOT_FOUND: "errors.NOT_FOUND",
  CONFLICT: "errors.CONFLICT",
  UNPROCESSABLE: "errors.UNPROCESSABLE",
  RATE_LIMITED: "errors.RATE_LIMITED",
  PAYLOAD_TOO_LARGE: "errors.PAYLOAD_TOO_LARGE",
  UNSUPPORTED_MEDIA_TYPE: "errors.UNSUPPORTED_MEDIA_TYPE",
  MISDIRECTED: "errors.MISDIRECTED",
  INTERNAL: "errors.INTERNAL",
  STORAGE_FULL: "errors.STORAGE_FULL",
  UNAVAILABLE: "errors.UNAVAILABLE",
} as const satisfies Record<ErrorCode, ErrorKey>;

/**
 * Server messages the web knows word for word, more precise than their code's message (a
 * wrong password is UNAUTHENTICATED, as an ended session is): message -> catalogue key.
 */
export const MESSAGE_KEYS: Readonly<Record<string, ErrorKey>> = {
  "Invalid username or password": "errors.invalidSignIn",
  "This account is disabled. Ask an admin.": "errors.accountDisabled",
  "Too many failed sign-in attempts. Try again later.": "errors.signInThrottled",
};

function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === "string" && Object.hasOwn(ERROR_KEYS, code);
}

/**
 * What the web shows for a server error: the server's own message in English (SPEC's texts,
 * word for word), the translated message of its `code` in another language; a code the
 * table does not know keeps the server's message.
 */
export function translatedError(code: unknown, serverMessage: string): string {
  if (currentLanguage() === "en") return serverMessage;
  const precise = Object.hasOwn(MESSAGE_KEYS, serverMessage) ? MESSAGE_KEYS[serverMessage] : null;
  if (precise) return i18n.t(precise);
  return isErrorCode(code) ? i18n.t(ERROR_KEYS[code]) : serverMessage;
}
