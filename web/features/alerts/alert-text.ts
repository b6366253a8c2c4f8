/**
 * An alert's title and description in the reader's language (decision 066): a known `code`
 * is written from the catalogue's `alerts.kinds.<CODE>` and the alert's params; an unknown
 * or missing one (an alert raised before codes, or by a newer server) shows the server's
 * English as stored. English comes out word for word what the server writes
 * (tests/alert-texts.test.ts).
 */
import type { TFunction } from "i18next";
import type { AlertCode, AlertParams } from "../../../src/domain/alert-codes";
import { useT } from "../../i18n";
import { en } from "../../i18n/areas/alerts";
import { euroCents, formatNumber } from "../../lib/format";
import { displayLocale } from "../../lib/locale";
import type { Alert } from "./api/get-alerts";

export interface AlertText {
  title: string;
  description: string;
}

type Values = Record<string, string | number>;

/**
 * The words a code's sentence takes that are not params as they are: who acted when no user
 * did, a role's name, which check, short or over. Every other param goes in as it is, an
 * amount (`xCents`) as `x` written as money in the locale (euroCents) and a duration (`xSeconds`) as a number in the locale.
 */
const DERIVED: {
  [C in AlertCode]?: (params: AlertParams[C], t: TFunction, locale: string) => Values;
} = {
  LARGE_BET: (p, t) => ({ customer: p.customer ?? t("alerts.cashCustomer") }),
  BALANCE_DRIFT: (p, t) => ({ entity: t(`alerts.entity.${p.entityType}`) }),
  TILL_DISCREPANCY: (p, t, locale): Values =>
    typeof p.discrepancyCents === "number"
      ? {
          discrepancy: euroCents(Math.abs(p.discrepancyCents), locale),
          direction: t(`alerts.direction.${p.discrepancyCents < 0 ? "short" : "over"}`),
        }
      : {},
  USER_CREATED: (p, t) => ({
    actor: p.actor ?? t("alerts.console"),
    role: t(`alerts.role.${p.role}`),
  }),
  USER_ROLE_CHANGED: (p, t) => ({
    actor: p.actor ?? t("alerts.console"),
    from: t(`alerts.role.${p.from}`),
    to: t(`alerts.role.${p.to}`),
  }),
  INTEGRITY_CHECK_FAILED: (p, t) => ({ check: t(`alerts.check.${p.check}`) }),
  BOOKS_UNBALANCED: (p) => ({ more: p.truncated ? "+" : "" }),
};

function isKnown(code: string | null): code is AlertCode {
  return code !== null && Object.hasOwn(en.kinds, code);
}

const PLACEHOLDERS = new Map<AlertCode, string[]>();

/**
 * The {{values}} a code's English templates take (the German ones take the same), read from
 * the templates once per code rather than on every alert's render.
 */
function placeholders(code: AlertCode): string[] {
  let names = PLACEHOLDERS.get(code);
  if (!names) {
    const texts = Object.values(en.kinds[code]).join(" ");
    names = [...texts.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] as string);
    PLACEHOLDERS.set(code, names);
  }
  return names;
}

function values(params: Record<string, unknown>, locale: string): Values {
  const out: Values = {};
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === "number" && key.endsWith("Cents")) {
      out[key.slice(0, -"Cents".length)] = euroCents(value, locale);
    } else if (typeof value === "number" && key.endsWith("Seconds")) {
      out[key] = formatNumber(value, locale);
    } else if (typeof value === "string" || typeof value === "number") {
      out[key] = value;
    }
  }
  return out;
}

/**
 * The title and description to show. `t` is the reader's (useT), `locale` the display
 * locale amounts and numbers are written in (displayLocale).
 */
export function alertText(
  alert: Pick<Alert, "code" | "params" | "title" | "description">,
  t: TFunction,
  locale: string,
): AlertText {
  const { code, params } = alert;
  if (!isKnown(code) || params === null) {
    return { title: alert.title, description: alert.description };
  }
  const derive = DERIVED[code] as
    | ((params: unknown, t: TFunction, locale: string) => Values)
    | undefined;
  const options = { ...values(params, locale), ...derive?.(params, t, locale) };
  // Params that do not fit the code (none does today; a code's params never change shape):
  // the stored English rather than a sentence with holes.
  if (placeholders(code).some((name) => !(name in options))) {
    return { title: alert.title, description: alert.description };
  }
  // A key made of a code, so not one i18next's types can check: the catalogue's `satisfies`
  // and tests/alert-texts.test.ts hold every code to a title and a description.
  const text = t as unknown as (key: string, options: Values) => string;
  return {
    title: text(`alerts.kinds.${code}.title`, options),
    description: text(`alerts.kinds.${code}.description`, options),
  };
}

/** The alert's text in the language shown, re-rendered when it changes. */
export function useAlertText(
  alert: Pick<Alert, "code" | "params" | "title" | "description">,
): AlertText {
  const t = useT();
  return alertText(alert, t, displayLocale());
}
