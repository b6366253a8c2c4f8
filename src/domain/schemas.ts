/**
 * Input schemas shared by the API validators and the web forms: one definition of each
 * rule and each message (SPEC section 5). Outputs are normalised: money in cents, odds in
 * hundredths, blank optional text as null.
 */
import { z } from "zod";
import { isCalendarDate } from "./age";
import { BET_STATUSES, JOB_KINDS, ROLES, TILL_MOVEMENT_KINDS } from "./enums";
import { LANGUAGES } from "./language";
import { MONEY_LITERAL, type MoneyParse, ODDS_LITERAL, parseMoney } from "./money";
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from "./password-policy";
import { decimalHundredths, PRICE_FORMATS, PRICE_LITERAL, type Price, parsePrice } from "./price";
import { deadHeatText, parseDeadHeat, RULE4_MAX } from "./settlement-terms";

/**
 * Our fields parse leniently (z.unknown() and a transform) so that a missing or malformed
 * value gets the SPEC's own message. This gives such a schema the input type the API
 * documents, so whoever sends it (the web client, the forms) is checked against the wire
 * format at compile time. It changes no runtime behaviour.
 */
function accepts<In>() {
  return <S extends z.ZodType>(schema: S) => schema as unknown as z.ZodType<z.output<S>, In>;
}

/** The same for a field that may be left out of the body (its transform still runs). */
function acceptsOptional<In>() {
  return <S extends z.ZodType>(schema: S) =>
    schema as unknown as z.ZodType<z.output<S>, In | undefined> & {
      _zod: { optin: "optional" };
    };
}

/**
 * Nothing to read: absent, null, or only spaces and invisible format characters (a zero-width
 * space U+200B, a soft hyphen, a byte order mark: Unicode's Cf), which a name that "is
 * there" but shows as nothing would otherwise pass as.
 */
function isBlank(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === "string" && value.replace(/[\s\p{Cf}]/gu, "") === "")
  );
}

/**
 * Characters no free text may hold (issue 25 item 11, decision 047): the C0 controls (NUL
 * included), DEL and the C1 controls, which end strings early in C tools, break CSV and
 * terminals and hide text; and the bidi embeddings, overrides (U+202A-U+202E) and isolates
 * (U+2066-U+2069), with which "\u202Egnp.exe" shows as "exe.png". A multi-line field (a
 * textarea in the web app) keeps newline and tab.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSAFE_TEXT = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSAFE_MULTILINE_TEXT = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

export interface PlainTextOptions {
  /** Keeps newline and tab (a textarea); "\r\n" is read as "\n" by requiredText/optionalText. */
  multiline?: boolean;
}

/** Why `value` is not plain text ("Note must not contain a control character (U+0000)"), or null. */
export function plainTextProblem(
  label: string,
  value: string,
  opts: PlainTextOptions = {},
): string | null {
  const found = (opts.multiline ? UNSAFE_MULTILINE_TEXT : UNSAFE_TEXT).exec(value)?.[0];
  if (found === undefined) return null;
  const code = `U+${(found.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
  const kind = found >= "\u202A" ? "a text-direction control" : "a control character";
  return `${label} must not contain ${kind} (${code})`;
}

/**
 * The free-text rule as a refinement for any string schema, e.g.
 * `z.string().superRefine(plainText("Note", { multiline: true }))`: a 400 whose message and
 * `fields` entry name the field. requiredText and optionalText below apply it already.
 */
export function plainText(label: string, opts: PlainTextOptions = {}) {
  return (value: string | null | undefined, ctx: z.RefinementCtx) => {
    if (typeof value !== "string") return;
    const message = plainTextProblem(label, value, opts);
    if (message) ctx.addIssue({ code: "custom", message });
  };
}

/** Trimmed; a multi-line field's Windows line ends read as "\n" (a textarea sends either). */
function tidy(value: string, opts: PlainTextOptions) {
  const trimmed = value.trim();
  return opts.multiline ? trimmed.replace(/\r\n?/g, "\n") : trimmed;
}

/** "First name is required" names the field "First name". */
function labelOf(message: string) {
  return message.replace(/ (is|are) required\b.*$/, "");
}

/** A required trimmed plain-text string with the SPEC's message. */
export function requiredText(
  message: string,
  max = 500,
  opts: PlainTextOptions & { label?: string } = {},
) {
  const label = opts.label ?? labelOf(message);
  return accepts<string>()(
    z
      .unknown()
      .optional()
      .transform((value, ctx) => {
        if (isBlank(value) || typeof value !== "string") {
          ctx.addIssue({ code: "custom", message });
          return z.NEVER;
        }
        return tidy(value, opts);
      })
      .pipe(
        z
          .string()
          .max(max, `${label} is too long (at most ${max} characters)`)
          .superRefine(plainText(label, opts)),
      )
      .meta({ type: "string", maxLength: max }),
  );
}

/** Optional plain text: blank becomes null. */
export function optionalText(label: string, max = 500, opts: PlainTextOptions = {}) {
  return acceptsOptional<string | null>()(
    z
      .unknown()
      .optional()
      .transform((value, ctx) => {
        if (isBlank(value)) return null;
        if (typeof value !== "string") {
          ctx.addIssue({ code: "custom", message: `${label} must be text` });
          return z.NEVER;
        }
        return tidy(value, opts);
      })
      .pipe(
        z
          .string()
          .max(max, `${label} is too long (at most ${max} characters)`)
          .superRefine(plainText(label, opts))
          .nullable(),
      )
      .meta({ type: ["string", "null"], maxLength: max }),
  );
}

/**
 * A required positive integer id: a JSON integer or a string of digits (forms send strings).
 * `true`, arrays, hex ("0x10"), exponents ("1e3") and fractions are refused (issue 8).
 */
export function requiredId(message: string) {
  const label = message.replace(/ (is|are) required$/, "");
  return accepts<number | string>()(
    z
      .unknown()
      .optional()
      .transform((value, ctx) => {
        if (isBlank(value)) {
          ctx.addIssue({ code: "custom", message });
          return z.NEVER;
        }
        const id =
          typeof value === "number"
            ? value
            : typeof value === "string" && /^\d{1,16}$/.test(value)
              ? Number(value)
              : Number.NaN;
        if (!Number.isSafeInteger(id) || id <= 0) {
          ctx.addIssue({ code: "custom", message: `${label} must be a positive whole number` });
          return z.NEVER;
        }
        return id;
      })
      .meta({
        anyOf: [
          { type: "integer", minimum: 1 },
          { type: "string", pattern: "^\\d+$" },
        ],
      }),
  );
}

/**
 * How money is sent (decision 038): a literal decimal string or a number, at most 2 decimals,
 * no grouping, comma, currency sign or exponent. Every money field carries this meta, which
 * is how amountFieldsOf (below) finds them.
 */
const MONEY_INPUT = {
  anyOf: [
    { type: "string", pattern: MONEY_LITERAL.source },
    { type: "number", multipleOf: 0.01 },
  ],
  description:
    'Money: a decimal string or number with at most 2 decimals, e.g. "12.50". A number is judged as written (decision 071): no exponent and at most 2 decimals in the JSON text, so 1e3 and 10.500 are refused though they equal 1000 and 10.5',
} as const;

/**
 * How odds are sent: a decimal like money (never negative, never grouped), or a fractional
 * price ("5/2", "100/30", "evens"; issue 21, decision 048).
 */
const ODDS_INPUT = {
  anyOf: [
    { type: "string", pattern: ODDS_LITERAL.source },
    { type: "string", pattern: PRICE_LITERAL.source },
    { type: "number", multipleOf: 0.01 },
  ],
  description:
    'Odds: decimal, at least 1.01, at most 2 decimals ("3.50"), or fractional ("5/2", "100/30", "evens"), at least 1/100, at most 999/1. A number is judged as written (decision 071): no exponent and at most 2 decimals in the JSON text (3.500 is refused)',
} as const;

export type AmountKind = "money" | "odds";

type SchemaDef = { type?: string; innerType?: z.ZodType; in?: z.ZodType; shape?: unknown };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;

/** "money" or "odds" for a field declared with MONEY_INPUT or ODDS_INPUT, else null. */
export function amountKindOf(field: z.ZodType): AmountKind | null {
  for (let s: z.ZodType | undefined = field; s; ) {
    const patterns = (z.globalRegistry.get(s)?.anyOf as { pattern?: string }[] | undefined)?.map(
      (branch) => branch.pattern,
    );
    if (patterns?.includes(ODDS_INPUT.anyOf[0].pattern)) return "odds";
    if (patterns?.includes(MONEY_INPUT.anyOf[0].pattern)) return "money";
    const def = defOf(s);
    s = ["optional", "nullable", "default", "prefault"].includes(def.type ?? "")
      ? def.innerType
      : undefined;
  }
  return null;
}

/**
 * The money and odds fields of an object schema (also behind a refine or a transform): the
 * web forms read exactly these by the user's locale, and a generated test checks that the
 * API refuses anything but a literal in each.
 */
export function amountFieldsOf(schema: z.ZodType): Record<string, AmountKind> {
  let s = schema;
  while (defOf(s).type === "pipe") s = defOf(s).in as z.ZodType;
  const shape = defOf(s).type === "object" ? (defOf(s).shape as Record<string, z.ZodType>) : {};
  const fields: Record<string, AmountKind> = {};
  for (const [name, field] of Object.entries(shape)) {
    const kind = amountKindOf(field);
    if (kind) fields[name] = kind;
  }
  return fields;
}

/**
 * A malformed amount's message is the parser's reason ("Not a number", "At most 2 decimal
 * places"); the API's message adds the field's name (see firstIssueMessage in src/lib/http.ts).
 */
function badAmount(ctx: z.RefinementCtx, parsed: MoneyParse) {
  if (!parsed.ok)
    ctx.addIssue({ code: "custom", message: parsed.error, params: { unnamed: true } });
}

/** Money as cents, read literally by parseMoney (src/domain/money.ts), at least `minCents`. */
export function moneyCents(opts: { required: string; minCents: number; minMessage: string }) {
  return accepts<string | number>()(
    z
      .unknown()
      .optional()
      .transform((value, ctx) => {
        if (isBlank(value)) {
          ctx.addIssue({ code: "custom", message: opts.required });
          return z.NEVER;
        }
        const parsed = parseMoney(value);
        if (!parsed.ok) {
          badAmount(ctx, parsed);
          return z.NEVER;
        }
        const cents = parsed.cents;
        if (cents < opts.minCents) {
          ctx.addIssue({ code: "custom", message: opts.minMessage });
          return z.NEVER;
        }
        return cents;
      })
      .meta(MONEY_INPUT),
  );
}

/**
 * A boolean option: absent or null is its default (as an absent or null text is none), and
 * the document says null is accepted; anything but true, false or null is a 400.
 */
function flag(defaultValue: boolean, label: string) {
  return acceptsOptional<boolean | null>()(
    z
      .unknown()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value === null) return defaultValue;
        if (typeof value !== "boolean") {
          ctx.addIssue({ code: "custom", message: `${label} must be true or false` });
          return z.NEVER;
        }
        return value;
      })
      .meta({
        type: ["boolean", "null"],
        description: `true or false; absent or null: ${defaultValue}`,
      }),
  );
}

const dateOnly = acceptsOptional<string | null>()(
  z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      if (isBlank(value)) return null;
      if (
        typeof value !== "string" ||
        // A real calendar date: Date.parse rolls 2026-02-31 over to 3 March (issue 20).
        !isCalendarDate(value)
      ) {
        ctx.addIssue({ code: "custom", message: "Date of birth must be a date (YYYY-MM-DD)" });
        return z.NEVER;
      }
      return value;
    })
    .meta({ type: ["string", "null"], format: "date" }),
);

const email = acceptsOptional<string | null>()(
  z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      if (isBlank(value)) return null;
      const parsed = z
        .email()
        .max(254)
        .safeParse(typeof value === "string" ? value.trim() : value);
      if (!parsed.success) {
        ctx.addIssue({ code: "custom", message: "Invalid email" });
        return z.NEVER;
      }
      return parsed.data;
    })
    .meta({ type: ["string", "null"], format: "email" }),
);

export const loginSchema = z.object({
  username: requiredText("Username is required", 100),
  password: accepts<string>()(
    z
      .unknown()
      .optional()
      .transform((value, ctx) => {
        if (typeof value !== "string" || value === "") {
          ctx.addIssue({ code: "custom", message: "Password is required" });
          return z.NEVER;
        }
        return value;
      })
      .meta({ type: "string" }),
  ),
});

const creditLimit = moneyCents({
  required: "Credit limit is required",
  minCents: 0,
  minMessage: "Credit limit must be 0 or more",
});

/**
 * An optional money limit (issue 12): a blank or null value removes it (null), a missing one
 * leaves it as it is (undefined); at least 0.01 (self-exclusion is the way to refuse all).
 */
function optionalLimitCents(label: string) {
  return acceptsOptional<string | number | null>()(
    z
      .unknown()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return undefined;
        if (isBlank(value)) return null;
        const parsed = parseMoney(value);
        if (!parsed.ok) {
          badAmount(ctx, parsed);
          return z.NEVER;
        }
        if (parsed.cents < 1) {
          ctx.addIssue({ code: "custom", message: `${label} must be at least 0.01` });
          return z.NEVER;
        }
        return parsed.cents;
      })
      .meta({
        anyOf: [...MONEY_INPUT.anyOf, { type: "null" }],
        description: MONEY_INPUT.description,
      }),
  );
}

/**
 * When a self-exclusion ends (issue 12): a date (`YYYY-MM-DD`, kept as such: the server reads it
 * as the start of that business day, BUSINESS_TIMEZONE, decision 062) or an ISO date and time
 * with its offset, as epoch ms; blank or null ends it, a missing one leaves it.
 */
const exclusionEnd = acceptsOptional<string | null>()(
  z
    .unknown()
    .optional()
    .transform((value, ctx): ExclusionEnd | null | undefined => {
      if (value === undefined) return undefined;
      if (isBlank(value)) return null;
      const text = typeof value === "string" ? value.trim() : "";
      if (isCalendarDate(text)) return text;
      const at = z.iso.datetime({ offset: true }).safeParse(text).success
        ? Date.parse(text)
        : Number.NaN;
      if (Number.isNaN(at)) {
        ctx.addIssue({
          code: "custom",
          message: "Self-excluded until must be a date (YYYY-MM-DD) or a date and time",
        });
        return z.NEVER;
      }
      return at;
    })
    .meta({
      type: ["string", "null"],
      description:
        "A date (YYYY-MM-DD: from the start of that day in the business time zone) or an ISO date-time",
    }),
);

/** A self-exclusion's end as asked: epoch ms, or a business date `YYYY-MM-DD` (decision 062). */
export type ExclusionEnd = number | string;

/** The responsible-gambling limits, in cents and epoch ms from here on (decision 032). */
export const limitFields = {
  maxStake: optionalLimitCents("Max stake"),
  dailyDepositLimit: optionalLimitCents("Daily deposit limit"),
  selfExcludedUntil: exclusionEnd,
};

export const customerFields = {
  firstName: requiredText("First name is required", 100),
  lastName: requiredText("Last name is required", 100),
  email,
  phone: optionalText("Phone", 50),
  address: optionalText("Address", 300, { multiline: true }),
  dateOfBirth: dateOnly,
  creditLimit,
  allowOverdraft: flag(false, "Allow overdraft"),
};

/** The parsed credit limit is named in cents from here on. */
function creditLimitInCents<T extends { creditLimit: number }>({ creditLimit, ...rest }: T) {
  return { ...rest, creditLimitCents: creditLimit };
}

export const createCustomerSchema = z
  .object({ ...customerFields, ...limitFields })
  .transform(creditLimitInCents);

/** Editing: any subset of the creation fields, plus the active flag. */
export const updateCustomerSchema = z
  .object({
    firstName: customerFields.firstName.optional(),
    lastName: customerFields.lastName.optional(),
    email: customerFields.email.optional(),
    phone: customerFields.phone.optional(),
    address: customerFields.address.optional(),
    dateOfBirth: customerFields.dateOfBirth.optional(),
    creditLimit: creditLimit.optional(),
    allowOverdraft: z.boolean({ error: "Allow overdraft must be true or false" }).optional(),
    isActive: z.boolean({ error: "Active must be true or false" }).optional(),
    ...limitFields,
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), "Nothing to update")
  .transform(({ creditLimit, ...rest }) => ({ ...rest, creditLimitCents: creditLimit }));

export const shopFields = {
  name: requiredText("Shop name is required", 100),
  location: requiredText("Location is required", 100),
  address: optionalText("Address", 300),
  phone: optionalText("Phone", 50),
  isActive: flag(true, "Active"),
};

export const createShopSchema = z.object(shopFields);

export const updateShopSchema = z
  .object({
    name: shopFields.name.optional(),
    location: shopFields.location.optional(),
    address: shopFields.address.optional(),
    phone: shopFields.phone.optional(),
    isActive: z.boolean({ error: "Active must be true or false" }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), "Nothing to update");

export const VOID_REASON_MESSAGE = "Please provide a reason for voiding this bet";
/** A void reason beside a Won, Placed or Lost settlement was dropped unread: refused (087). */
export const VOID_REASON_ONLY_VOID = "Only a Void settlement has a void reason";

/** A settlement's void reason: required for VOID, refused for any other status. */
function refineVoidReason(
  v: { status: string; voidReason: string | null },
  ctx: z.RefinementCtx,
): void {
  if (v.status === "VOID" && !v.voidReason) {
    ctx.addIssue({ code: "custom", path: ["voidReason"], message: VOID_REASON_MESSAGE });
  } else if (v.status !== "VOID" && v.voidReason) {
    ctx.addIssue({ code: "custom", path: ["voidReason"], message: VOID_REASON_ONLY_VOID });
  }
}

const voidReason = optionalText("Void reason", 500, { multiline: true });

const stakeAmount = moneyCents({
  required: "Stake amount is required",
  minCents: 1,
  minMessage: "Stake amount must be at least 0.01",
});

/** Odds as a price (src/domain/price.ts): a decimal exactly as before, or a fraction. */
const odds = accepts<string | number>()(
  z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      if (isBlank(value)) {
        ctx.addIssue({ code: "custom", message: "Odds are required" });
        return z.NEVER;
      }
      const parsed = parsePrice(value);
      if (!parsed.ok) {
        // "Not a number", "Not a price", "Too large": the API's message adds the field's name.
        const unnamed = !/^(Odds|The price)/.test(parsed.error);
        ctx.addIssue({ code: "custom", message: parsed.error, params: { unnamed } });
        return z.NEVER;
      }
      return parsed.price;
    })
    .meta(ODDS_INPUT),
);

/** How a bet is paid (issue 21, decision 051): from a customer's account, or cash at the till. */
export const BET_PAYMENTS = ["account", "cash"] as const;
export type BetPayment = (typeof BET_PAYMENTS)[number];

/** Each-way terms (issue 21 item 6, decision 052): places paid and the place fraction. */
export const EACH_WAY_FRACTIONS = ["1/4", "1/5"] as const;
export const eachWaySchema = z.object({
  places: z
    .number({ error: "Each-way places must be a whole number from 2 to 8" })
    .int("Each-way places must be a whole number from 2 to 8")
    .min(2, "Each-way places must be a whole number from 2 to 8")
    .max(8, "Each-way places must be a whole number from 2 to 8"),
  fraction: z.enum(EACH_WAY_FRACTIONS, { error: 'Each-way fraction must be "1/4" or "1/5"' }),
});
export type EachWay = z.output<typeof eachWaySchema>;

/** One part's dead heat: "k/n", or null/absent for none (src/domain/settlement-terms.ts). */
const deadHeatPartSchema = z
  .string({ error: 'Dead heat must be a fraction such as "1/2"' })
  .nullable()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value.trim() === "") return null;
    const parsed = parseDeadHeat(value);
    if (!parsed.ok) {
      ctx.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    }
    return deadHeatText(parsed.part);
  })
  .meta({
    description: 'The part\'s share of its stake after a dead heat: "1/2", "2/3"…',
    example: "1/2",
  });

const RULE4_MESSAGE = `Rule 4 deduction must be a whole number of cents from 1 to ${RULE4_MAX}`;

/**
 * Dead heats and Rule 4 (decision 084): what reduces a Won or Placed settlement. Absent, null
 * or empty: an ordinary settlement. A Rule 4 deduction of 0 is none.
 */
const settlementTermsShape = {
  deadHeat: z
    .object(
      { win: deadHeatPartSchema, place: deadHeatPartSchema },
      {
        error: "Dead heat must be an object with win and place",
      },
    )
    .nullable()
    .optional()
    .transform((v) => (v && (v.win !== null || v.place !== null) ? v : null))
    .meta({ description: "Dead heats: the win part's and (each-way) the place part's share" }),
  rule4Deduction: z
    .number({ error: RULE4_MESSAGE })
    .int(RULE4_MESSAGE)
    .min(0, RULE4_MESSAGE)
    .max(RULE4_MAX, RULE4_MESSAGE)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null))
    .meta({ description: "Rule 4: cents in the euro deducted from the winnings", example: 25 }),
};

const TERMS_ONLY_PAYING = "Only a Won or Placed settlement has a dead heat or a Rule 4 deduction";

/** Terms only for a paying outcome; a Placed settlement has no win part (decision 084). */
function refineTerms(
  v: { status: string; deadHeat: { win: string | null } | null; rule4Deduction: number | null },
  ctx: z.RefinementCtx,
): void {
  if (v.status !== "WON" && v.status !== "PLACED") {
    if (v.deadHeat) {
      ctx.addIssue({ code: "custom", path: ["deadHeat"], message: TERMS_ONLY_PAYING });
    }
    if (v.rule4Deduction !== null) {
      ctx.addIssue({ code: "custom", path: ["rule4Deduction"], message: TERMS_ONLY_PAYING });
    }
  }
  if (v.status === "PLACED" && v.deadHeat?.win) {
    ctx.addIssue({
      code: "custom",
      path: ["deadHeat", "win"],
      message: "Only a Won settlement has a win part to dead-heat",
    });
  }
}

const customerIdOfAccountBet = requiredId("Customer is required");
const shopIdOfBet = requiredId("Shop is required");

export const placeBetSchema = z
  .object({
    payment: z
      .enum(BET_PAYMENTS, { error: 'Payment must be "account" or "cash"' })
      .nullish()
      .transform((v) => v ?? "account")
      .meta({
        description:
          "account (default): the customer's balance pays; cash: no customer, the stake is cash into the till of the acting user's open shift and the slip is the bearer's claim",
      }),
    /** Required for an account bet, absent or null for a cash bet (checked below). */
    customerId: acceptsOptional<number | string | null>()(
      z
        .unknown()
        .optional()
        .meta({ type: ["integer", "null"], description: "The customer; null for a cash bet" }),
    ),
    /** Required for an account bet; a cash bet is taken at the shop of the open shift. */
    shopId: acceptsOptional<number | string | null>()(
      z
        .unknown()
        .optional()
        .meta({
          type: ["integer", "null"],
          description: "The shop; for a cash bet, the open shift's shop when left out",
        }),
    ),
    eachWay: eachWaySchema
      .nullish()
      .transform((v) => v ?? null)
      .meta({
        description: "Each-way terms; stakeAmount is then the unit stake and the total is twice it",
      }),
    description: requiredText("Description is required", 500, { multiline: true }),
    stakeAmount,
    odds,
    /**
     * Optional: when sent it must equal what the server computes, the bet's most return
     * (stake x odds; each-way: the win and place parts' returns added, decision 052).
     */
    potentialPayout: acceptsOptional<string | number | null>()(
      z
        .unknown()
        .optional()
        .transform((value, ctx) => {
          if (isBlank(value)) return undefined;
          // Not held to one field's 99,999,999.99: it is stake x odds, which may pass that
          // (99,999,999.99 at 999/1), and the server's own figure judges it below.
          const parsed = parseMoney(value, Number.MAX_SAFE_INTEGER);
          if (!parsed.ok) {
            badAmount(ctx, parsed);
            return z.NEVER;
          }
          return parsed.cents;
        })
        .optional()
        .meta({
          ...MONEY_INPUT,
          description:
            "Optional; when sent it must equal the bet's most return as the server computes it: stake x odds, or for an each-way bet the win part's return plus the place part's, each rounded half-up to the cent on its own (5.00 each-way at 5/1, 1/4 the odds: 5 x (5/1 + 1) = 30.00 plus 5 x (5/1 x 1/4 + 1) = 11.25, so 41.25; decision 052). A number is judged as written, as every money field is (no exponent, at most 2 decimals)",
        }),
    ),
    allowOvercredit: flag(false, "Allow overcredit"),
    outcome: z
      .enum(BET_STATUSES, { error: "Outcome must be PENDING, WON, PLACED, LOST or VOID" })
      .nullish()
      .transform((v) => v ?? "PENDING"),
    voidReason,
    // A bet an admin places already settled Won or Placed may carry its terms (decision 084).
    ...settlementTermsShape,
  })
  .superRefine((v, ctx) => {
    refineVoidReason({ ...v, status: v.outcome }, ctx);
    refineTerms({ ...v, status: v.outcome }, ctx);
  })
  // Who bets (decision 051): checked even when other fields failed (`when`), so an empty form
  // hears "Customer is required" with the rest, as the SPEC's form does.
  .superRefine(
    (v, ctx) => {
      for (const [path, message] of partyIssues(v)) {
        ctx.addIssue({ code: "custom", path: [path], message });
      }
    },
    { when: ({ value }) => typeof value === "object" && value !== null },
  )
  .transform(({ stakeAmount, odds, potentialPayout, customerId, shopId, ...rest }) => {
    const idOf = (schema: typeof shopIdOfBet, value: unknown) =>
      isBlank(value) ? null : (schema.safeParse(value).data ?? null);
    const cash = rest.payment === "cash";
    return {
      ...rest,
      customerId: cash ? null : idOf(customerIdOfAccountBet, customerId),
      shopId: idOf(shopIdOfBet, shopId),
      ...priced(stakeAmount, odds, potentialPayout, rest.eachWay),
    };
  });

/**
 * The customer and shop of a bet, as [field, message] issues: an account bet needs both (the
 * SPEC's "Customer is required", "Shop is required"); a cash bet has no customer and may name
 * its shop. Read off the raw input, so it runs beside the other fields' checks.
 */
function partyIssues(v: { payment?: unknown; customerId?: unknown; shopId?: unknown }) {
  const issues: [string, string][] = [];
  const check = (schema: typeof shopIdOfBet, value: unknown, path: string) => {
    const parsed = schema.safeParse(value);
    for (const issue of parsed.error?.issues ?? []) issues.push([path, issue.message]);
  };
  if (v.payment === "cash") {
    if (!isBlank(v.customerId)) {
      issues.push(["customerId", "A cash bet has no customer: leave the customer out"]);
    }
    if (!isBlank(v.shopId)) check(shopIdOfBet, v.shopId, "shopId");
    return issues;
  }
  check(customerIdOfAccountBet, v.customerId, "customerId");
  check(shopIdOfBet, v.shopId, "shopId");
  return issues;
}

/**
 * A bet's money fields from its parsed stake, price and optional payout. Each-way (decision
 * 052): stakeAmount is the unit and `stakeCents` the total (twice it), what the bet costs.
 */
function priced(
  stakeAmount: number,
  odds: Price,
  potentialPayout: number | undefined,
  eachWay: EachWay | null,
) {
  return {
    stakeCents: eachWay ? 2 * stakeAmount : stakeAmount,
    unitStakeCents: stakeAmount,
    price: odds,
    oddsHundredths: decimalHundredths(odds),
    potentialPayoutCents: potentialPayout,
  };
}

/** A settlement's statuses; PLACED only for an each-way bet (checked by the service). */
const SETTLED_STATUSES = ["WON", "PLACED", "LOST", "VOID"] as const;

export const resolveBetSchema = z
  .object({
    status: z.enum(SETTLED_STATUSES, { error: "Status must be WON, PLACED, LOST or VOID" }),
    // The SPEC's `result (optional)`: what happened in the event, in words. Not a column of
    // the bet; kept in the settlement's audit row (bet.resolve, `after.result`).
    result: optionalText("Result", 500).optional().meta({
      description:
        'What happened in the event, in words ("Won by a length", "Finished 4th"); optional. It changes nothing of the settlement: it is recorded in the settlement\'s audit row (bet.resolve, `after.result`), not on the bet',
      example: "Finished 4th",
    }),
    voidReason,
    ...settlementTermsShape,
  })
  .superRefine((v, ctx) => {
    refineVoidReason(v, ctx);
    refineTerms(v, ctx);
  });

/**
 * Changing a settled bet's outcome (issue 12, decisions/033): the new outcome, the admin's
 * reason (required), a void reason for VOID; `dryRun: true` answers the preview and writes
 * nothing.
 */
export const resettleBetSchema = z
  .object({
    status: z.enum(SETTLED_STATUSES, { error: "Status must be WON, PLACED, LOST or VOID" }),
    reason: requiredText("Reason is required for a re-settlement", 500, { multiline: true }),
    voidReason,
    ...settlementTermsShape,
    from: z
      .object(
        {
          status: z.enum(SETTLED_STATUSES, {
            error: "from.status must be WON, PLACED, LOST or VOID",
          }),
          ...settlementTermsShape,
        },
        { error: "from must be the outcome and terms the bet was shown with" },
      )
      .optional()
      .meta({
        description:
          "The outcome and terms the caller saw (the preview's): when the bet has been settled otherwise since, the re-settlement is refused (409 RESETTLE_CHANGED) instead of correcting a settlement nobody previewed",
      }),
    dryRun: flag(false, "Dry run"),
  })
  .superRefine((v, ctx) => {
    refineVoidReason(v, ctx);
    refineTerms(v, ctx);
  });

const positiveAmount = moneyCents({
  required: "Amount must be a positive number",
  minCents: 1,
  minMessage: "Amount must be a positive number",
});

/** The parsed amount is named in cents from here on. */
function amountInCents<T extends { amount: number }>({ amount, ...rest }: T) {
  return { ...rest, amountCents: amount };
}

/** Deposits and withdrawals share one shape. */
export const cashMovementSchema = z
  .object({
    customerId: requiredId("Customer is required"),
    shopId: requiredId("Shop is required"),
    amount: positiveAmount,
    description: optionalText("Description", 500, { multiline: true }),
  })
  .transform(amountInCents);

export const transferSchema = z
  .object({
    type: z
      .literal("TRANSFER", { error: "Only TRANSFER transactions can be created directly" })
      .default("TRANSFER"),
    amount: positiveAmount,
    fromEntityType: z.enum(["SHOP", "USER"], { error: "From entity type must be SHOP or USER" }),
    fromEntityId: requiredId("From entity ID is required"),
    toEntityType: z.enum(["SHOP", "USER"], { error: "To entity type must be SHOP or USER" }),
    toEntityId: requiredId("To entity ID is required"),
    description: optionalText("Description", 500, { multiline: true }),
  })
  .superRefine((v, ctx) => {
    if (v.fromEntityType === "USER" && v.toEntityType === "USER") {
      ctx.addIssue({
        code: "custom",
        path: ["toEntityType"],
        message: "A transfer must move cash in or out of a shop",
      });
    }
    if (v.fromEntityType === v.toEntityType && v.fromEntityId === v.toEntityId) {
      ctx.addIssue({
        code: "custom",
        path: ["toEntityId"],
        message: "A transfer needs two different parties",
      });
    }
  })
  .transform(amountInCents);

export const recalculateSchema = z.object({
  entityType: z.enum(["CUSTOMER", "SHOP"], { error: "Entity type and ID are required" }),
  entityId: requiredId("Entity type and ID are required"),
});

export const REVERSAL_REASON_REQUIRED = "Reason is required for a reversal";
export const REVERSAL_REASON_MIN = 3;

export const reverseSchema = z.object({
  transactionId: requiredId("Transaction ID is required"),
  /**
   * Why (issue 20, decisions/039): trimmed, 3 to 500 characters, stored on the reversal row
   * and in its audit row. The SPEC's call sends only the id; the reason is added on purpose.
   */
  reason: accepts<string>()(
    z
      .unknown()
      .optional()
      .transform((value, ctx) => {
        if (isBlank(value) || typeof value !== "string") {
          ctx.addIssue({ code: "custom", message: REVERSAL_REASON_REQUIRED });
          return z.NEVER;
        }
        return tidy(value, { multiline: true });
      })
      .pipe(
        z
          .string()
          .min(REVERSAL_REASON_MIN, `Reason must be at least ${REVERSAL_REASON_MIN} characters`)
          .max(500, "Reason is too long (at most 500 characters)")
          .superRefine(plainText("Reason", { multiline: true })),
      )
      .meta({ type: "string", minLength: REVERSAL_REASON_MIN, maxLength: 500 }),
  ),
  /** Answers the preview (rows and balances before and after) and writes nothing (issue 12). */
  dryRun: flag(false, "Dry run"),
});

export { PASSWORD_MIN_LENGTH };

/**
 * A password being set: its length here; the rest of the policy (not only blank, not the
 * username, not common, hard enough to guess) where it is set, with the estimator that the
 * web app loads only on its password screens (src/domain/password-policy.ts, decision 046).
 */
function newPassword(required: string) {
  return z
    .string({ error: required })
    .min(1, required)
    .min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.short)
    .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.long)
    .meta({
      description:
        "At least 8 characters; refused (400 naming the field and the reason) when only blank, " +
        "containing the username, on the common-password list or too easy to guess " +
        "(zxcvbn score below 3)",
    });
}

/** A customer login with no customer record: refused at Create User and at a role change. */
export const CUSTOMER_LOGIN_REQUIRED = "Customer is required for a customer login";

/** A customer login belongs to one customer record; other roles to none (issue 10). */
function customerLink<T extends { role: string; customerId?: number | null }>(
  value: T,
  ctx: z.RefinementCtx,
) {
  if (value.role === "customer" && value.customerId == null) {
    ctx.addIssue({
      code: "custom",
      path: ["customerId"],
      message: CUSTOMER_LOGIN_REQUIRED,
    });
  } else if (value.role !== "customer" && value.customerId != null) {
    ctx.addIssue({
      code: "custom",
      path: ["customerId"],
      message: "Only a customer login belongs to a customer",
    });
  }
}

export const createUserSchema = z
  .object({
    username: requiredText("Username and password are required", 100, { label: "Username" }).pipe(
      z.string().regex(/^[A-Za-z0-9_.@-]+$/, "Username may use letters, digits and . _ @ - only"),
    ),
    password: newPassword("Username and password are required"),
    role: z.enum(ROLES, { error: "Role must be admin, user or customer" }).default("user"),
    customerId: requiredId("Customer is required").nullish(),
  })
  .superRefine(customerLink);

export const changeRoleSchema = z
  .object({
    role: z.enum(ROLES, { error: "Role must be admin, user or customer" }),
    /** Needed when the role becomes customer and the user has no customer record yet. */
    customerId: requiredId("Customer is required")
      .nullish()
      .meta({
        description:
          'The customer record a customer login belongs to: required (400 "Customer is ' +
          'required for a customer login") when the role becomes customer and the user has ' +
          "none yet; a user already linked keeps its record unless another is named",
      }),
  })
  .superRefine((value, ctx) => {
    // As at Create User: `{"role":"user","customerId":5}` answered 200, the customer dropped.
    if (value.role !== "customer" && value.customerId != null) {
      ctx.addIssue({
        code: "custom",
        path: ["customerId"],
        message: "Only a customer login belongs to a customer",
      });
    }
  });

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: "Current password is required" })
    .min(1, "Current password is required")
    .max(200, "Password is too long"),
  newPassword: newPassword("New password is required"),
});

export const resetPasswordSchema = z.object({
  newPassword: newPassword("New password is required"),
});

export const updateUserSchema = z.object({
  disabled: z.boolean({ error: "disabled must be true or false" }),
});

/** Delete all data: the acting admin types their own password again (issue 10). */
export const deleteAllSchema = z.object({
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(200, "Password is too long"),
});

/**
 * Ending one of one's other sessions: the password again (issue 25, ASVS 5.0 7.5.2), so a
 * borrowed session cannot sign its owner out everywhere else.
 */
export const endSessionSchema = deleteAllSchema;

/** Starts a background job: the books check or the export (src/lib/jobs.ts). */
export const startJobSchema = z.object({
  kind: z.enum(JOB_KINDS, { error: `Kind must be one of: ${JOB_KINDS.join(", ")}` }),
});

/** The working shop: a shop's id, or null to clear it. */
/**
 * The signed-in user's own preferences, each optional (absent: unchanged; null: cleared):
 * how prices show (issue 21, decision 048; null follows ODDS_FORMAT) and the web app's
 * language (issue 23, decision 065; null follows the browser, then DEFAULT_LANGUAGE).
 */
export const preferencesSchema = z.object({
  oddsFormat: z
    .enum(PRICE_FORMATS, { error: "Odds format must be decimal or fractional" })
    .nullable()
    .optional(),
  language: z
    .enum(LANGUAGES, { error: `Language must be one of: ${LANGUAGES.join(", ")}` })
    .nullable()
    .optional(),
});

export const workingShopSchema = z.object({
  shopId: z.union([requiredId("Shop is required"), z.null()]),
});

/** Opening a shift (issue 12): where, and the float the till starts with (0 or more). */
export const openShiftSchema = z.object({
  shopId: requiredId("Shop is required"),
  openingFloat: moneyCents({
    required: "Opening float is required",
    minCents: 0,
    minMessage: "Opening float must be 0 or more",
  }),
});

/** Closing a shift: the cash counted in the till (0 or more). */
/**
 * Dismissing an alert (issue 25 item 1, decisions/044): a note saying what was done. The
 * handler requires it for cash and security alerts (which it must look up first: a staff
 * caller learns nothing of those, 404), and keeps it for any other kind if given.
 */
export const dismissAlertSchema = z.object({
  note: optionalText("Note", 500, { multiline: true }),
});

export const closeShiftSchema = z.object({
  countedCash: moneyCents({
    required: "Counted cash is required",
    minCents: 0,
    minMessage: "Counted cash must be 0 or more",
  }),
});

/**
 * A pick-up (cash lifted to the safe) or top-up (cash brought in) during a shift (issue 21
 * item 3, decision 049): the amount as every amount is read, and why (required).
 */
export const tillMovementSchema = z
  .object({
    kind: z.enum(TILL_MOVEMENT_KINDS, { error: "Kind must be pickup or topup" }),
    amount: positiveAmount,
    reason: requiredText("Reason is required", 500, { multiline: true }),
  })
  .transform(amountInCents);

export type PlaceBetInput = z.output<typeof placeBetSchema>;
export type ResolveBetInput = z.output<typeof resolveBetSchema>;
export type ResettleBetInput = z.output<typeof resettleBetSchema>;
export type CashMovementInput = z.output<typeof cashMovementSchema>;
export type CreateCustomerInput = z.output<typeof createCustomerSchema>;
export type UpdateCustomerInput = z.output<typeof updateCustomerSchema>;
export type CreateShopInput = z.output<typeof createShopSchema>;
export type UpdateShopInput = z.output<typeof updateShopSchema>;
export type TransferInput = z.output<typeof transferSchema>;
export type OpenShiftInput = z.output<typeof openShiftSchema>;
export type CloseShiftInput = z.output<typeof closeShiftSchema>;
export type TillMovementInput = z.output<typeof tillMovementSchema>;

/** An API token (decision 058): a name to know it by, the role it acts with, an optional expiry. */
export const createApiTokenSchema = z.object({
  name: requiredText("Name is required", 60),
  role: z.enum(["user", "admin"], { error: "Role must be user or admin" }),
  expiresAt: z.iso
    .datetime({ offset: true, error: "Expiry must be a date and time (ISO 8601)" })
    .nullish()
    .meta({ description: "When it stops working; absent or null: never (until revoked)" }),
});
export type CreateApiTokenInput = z.output<typeof createApiTokenSchema>;
