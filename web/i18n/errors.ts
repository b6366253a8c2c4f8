/**
 * The server's errors as translated messages (issue 23 item 2, decisions 065 and 070). The
 * server's English `message` stays for API clients and is what the English app shows; in
 * any other language a business refusal (422, 409) is written from its `reason` and `params`
 * (areas/refusals.ts), a known message from its own translation, and anything else from its
 * `code` (the tables below), with the server's English after it where a refusal's reason
 * would otherwise be lost.
 */
import type { TFunction } from "i18next";
import { localMinute } from "../../src/domain/business-time";
import { formatExclusionEnd } from "../../src/domain/limits";
import { formatCents, formatGrouped } from "../../src/domain/money";
import type { ErrorCode, RefusalParams, RefusalReason } from "../../src/lib/errors";
import { displayLocale } from "../lib/locale";
import { formatDate, formatDateTime, formatDayOrDateTime } from "../lib/time";
import { currentLanguage, i18n } from ".";
import { en as refusals } from "./areas/refusals";
import type { Catalogue } from "./en";
import "./areas/ui";

type ErrorKey = `errors.${keyof Catalogue["errors"]}`;

/** The table code -> catalogue key: every code the server answers has one. */
export const ERROR_KEYS = {
  VALIDATION: "errors.VALIDATION",
  UNAUTHENTICATED: "errors.UNAUTHENTICATED",
  FORBIDDEN: "errors.FORBIDDEN",
  NOT_FOUND: "errors.NOT_FOUND",
  METHOD_NOT_ALLOWED: "errors.METHOD_NOT_ALLOWED",
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

/** What the web reads of an error body (web/lib/api-client.ts ApiError). */
export interface ServerError {
  code?: unknown;
  message: string;
  reason?: unknown;
  params?: Readonly<Record<string, string | number>>;
}

function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === "string" && Object.hasOwn(ERROR_KEYS, code);
}

function isKnownReason(reason: unknown): reason is RefusalReason {
  return typeof reason === "string" && Object.hasOwn(refusals.reasons, reason);
}

/** A business refusal's codes: their own message alone would hide why (decision 070). */
const REFUSAL_CODES: ReadonlySet<unknown> = new Set(["UNPROCESSABLE", "CONFLICT"]);

type Values = Record<string, string | number>;

/**
 * Reasons whose English writes amounts as the plain decimal (`€1000.00`, the SPEC's funds and
 * withdrawal texts and the till's); every other amount is grouped (`€1,000.00`), and every
 * amount in another language.
 */
const PLAIN_AMOUNTS: ReadonlySet<RefusalReason> = new Set([
  "INSUFFICIENT_FUNDS",
  "EXCEEDS_BALANCE",
  "PICKUP_ABOVE_EXPECTED",
  "SLIP_ALREADY_PAID",
]);

const groupedFormats = new Map<string, Intl.NumberFormat>();

/**
 * Cents as the number alone (the template places the euro sign). English exactly as the
 * server writes it, whatever the browser's own English habits (plain where its message is);
 * another language as its locale writes every amount on the screens, grouped ("2.112,50",
 * beside the dialog's own "2.112,50 €"), from the exact decimal string (no cent through a
 * float).
 */
function amount(cents: number, plain: boolean, english: boolean, locale: string): string {
  if (english) return plain ? formatCents(cents) : formatGrouped(cents);
  let format = groupedFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    groupedFormats.set(locale, format);
  }
  return format.format(formatCents(cents) as unknown as number);
}

/**
 * An instant as the screens write it in `locale` and the business `zone`: "22. Mai 2027", or
 * with the time and the zone's name "1. Juni 2027, 17:30 MESZ".
 */
function instant(iso: string, zone: string, locale: string, withTime: boolean): string {
  const options = { locale, timeZone: zone };
  return withTime ? formatDateTime(iso, options) : formatDate(iso, options);
}

interface Reader {
  t: TFunction;
  english: boolean;
  locale: string;
}

/**
 * The words a reason's sentence takes that are not its params as they are: instants in the
 * business zone (in English as the server writes them), statuses and types as the screens
 * name them, a gone payer. Every other param goes in as it is; an amount `xCents` as `x`.
 */
const DERIVED: {
  [R in RefusalReason]?: (params: RefusalParams[R], reader: Reader) => Values;
} = {
  SELF_EXCLUDED: ({ until, zone }, { english, locale }) => {
    if (english) return { until: formatExclusionEnd(Date.parse(until), zone) };
    // From the start of a day: the day alone, as the English does.
    return { until: formatDayOrDateTime(until, { locale, timeZone: zone }) };
  },
  SLIP_ALREADY_PAID: ({ paidAt, zone, paidBy }, { t, english, locale }) => ({
    paidAt: english ? localMinute(Date.parse(paidAt), zone) : instant(paidAt, zone, locale, true),
    paidBy: paidBy ?? t("refusals.formerUser"),
  }),
  BET_NOT_PENDING: ({ status }, { t }) => ({ status: word(t, "ui.betStatus", status) }),
  RESETTLE_SAME: ({ status }, { t }) => ({ status: word(t, "ui.betStatus", status) }),
  RESETTLE_CHANGED: ({ status }, { t }) => ({ status: word(t, "ui.betStatus", status) }),
  NOT_COMPLETED: ({ status }, { t }) => ({ status: word(t, "ui.transactionStatus", status) }),
  NOT_REVERSIBLE: ({ type }, { t }) => ({ type: word(t, "ui.transactionType", type) }),
};

/** A code's word on the screens (English: the code itself, as the SPEC writes it). */
function word(t: TFunction, group: string, code: string): string {
  const text = t as unknown as (key: string, options: { defaultValue: string }) => string;
  return text(`${group}.${code}`, { defaultValue: code });
}

function values(reason: RefusalReason, params: Values, reader: Reader): Values {
  const out: Values = {};
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === "number" && key.endsWith("Cents")) {
      const plain = PLAIN_AMOUNTS.has(reason);
      out[key.slice(0, -"Cents".length)] = amount(value, plain, reader.english, reader.locale);
    } else {
      out[key] = value;
    }
  }
  const derive = DERIVED[reason] as ((params: unknown, reader: Reader) => Values) | undefined;
  return { ...out, ...derive?.(params, reader) };
}

const PLACEHOLDERS = new Map<RefusalReason, string[]>();

/** The {{values}} a reason's English template takes (the German one takes the same). */
function placeholders(reason: RefusalReason): string[] {
  let names = PLACEHOLDERS.get(reason);
  if (!names) {
    names = [...refusals.reasons[reason].matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] as string);
    PLACEHOLDERS.set(reason, names);
  }
  return names;
}

/**
 * A refusal in the language shown (`t`'s), from its reason and params; null when the web
 * cannot write it (an unknown reason, or params that do not fill its template). English comes
 * out word for word what the server wrote (tests/refusal-texts.test.ts).
 */
export function refusalText(
  reason: unknown,
  params: Readonly<Record<string, string | number>> | undefined,
  t: TFunction = i18n.t.bind(i18n) as TFunction,
  language: string = currentLanguage(),
  locale: string = displayLocale(),
): string | null {
  if (!isKnownReason(reason) || !params) return null;
  const options = values(reason, params, { t, english: language === "en", locale });
  if (placeholders(reason).some((name) => !(name in options))) return null;
  // A key made of a reason: the catalogue's `satisfies` holds every reason to a template.
  const text = t as unknown as (key: string, options: Values) => string;
  return text(`refusals.reasons.${reason}`, options);
}

/**
 * What the web shows for a server error: the server's own message in English (SPEC's texts,
 * word for word); in another language a refusal written from its reason and params, a known
 * message's translation, else its code's translated message, followed by the server's
 * English for a refusal the web cannot write (so its reason is never lost); a code the table
 * does not know keeps the server's message.
 */
export function translatedError(error: ServerError): string {
  const { code, message } = error;
  if (currentLanguage() === "en") return message;
  const precise = Object.hasOwn(MESSAGE_KEYS, message) ? MESSAGE_KEYS[message] : null;
  if (precise) return i18n.t(precise);
  const refusal = refusalText(error.reason, error.params);
  if (refusal !== null) return refusal;
  if (!isErrorCode(code)) return message;
  if (error.reason !== undefined || REFUSAL_CODES.has(code)) {
    return i18n.t("refusals.withEnglish", { message: i18n.t(ERROR_KEYS[code]), english: message });
  }
  return i18n.t(ERROR_KEYS[code]);
}
