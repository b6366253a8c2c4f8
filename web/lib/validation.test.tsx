/**
 * Form validation messages in German (issue 23 item 2): every message the shared schemas
 * (src/domain/schemas.ts, with the money, price and password rules they use) can give has a
 * catalogue key, read from their source; a field shows it in the language shown.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { act, cleanup, render, screen } from "@testing-library/react";
import ts from "typescript";
import { createCustomerSchema, createShopSchema, placeBetSchema } from "../../src/domain/schemas";
import { InputField } from "../components/ui/field";
import { applyLanguage } from "../i18n";
import { en } from "../i18n/areas/validation";
import { translateValidation, validationKey } from "./validation";

const DOMAIN = join(import.meta.dir, "../../src/domain");
const SOURCES = ["schemas.ts", "money.ts", "price.ts", "password-policy.ts", "settlement-terms.ts"];

/** Sample values for a message's `${...}` parts, as the schemas fill them. */
function samples(expression: string): string[] {
  if (expression === "label") return ["Note", "First name"];
  if (expression === "kind") return ["a control character", "a text-direction control"];
  if (expression === "code") return ["U+0000"];
  if (/\.join\(/.test(expression)) return ["decimal, fractional"];
  return ["10"];
}

/** Every message-like literal of the sources, its `${...}` parts filled with samples. */
function messagesInSource(): string[] {
  const looksLikeMessage =
    /\b(is|are) required|must|at least|[Aa]t most|too (long|large|common|easy)|Invalid|^Not a|Nothing to|needs|has no|Please provide|^Only |^Too large/;
  const out = new Set<string>();
  for (const name of SOURCES) {
    const file = ts.createSourceFile(
      name,
      readFileSync(join(DOMAIN, name), "utf8"),
      ts.ScriptTarget.Latest,
      true,
    );
    const visit = (node: ts.Node) => {
      const parent = node.parent;
      // OpenAPI descriptions are documentation, not messages.
      const described =
        parent && ts.isPropertyAssignment(parent) && parent.name.getText(file) === "description";
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
        if (!described && looksLikeMessage.test(node.text) && !/\s$/.test(node.text)) {
          out.add(node.text);
        }
      } else if (ts.isTemplateExpression(node)) {
        let texts = [node.head.text];
        for (const span of node.templateSpans) {
          const values = samples(span.expression.getText(file));
          texts = texts.flatMap((text) => values.map((v) => `${text}${v}${span.literal.text}`));
        }
        for (const text of texts) if (!described && looksLikeMessage.test(text)) out.add(text);
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return [...out].sort();
}

/** The field names the schemas put in messages: "First name is required" names "First name". */
function labelsInSource(): string[] {
  const source = readFileSync(join(DOMAIN, "schemas.ts"), "utf8");
  const found = new Set<string>();
  for (const [, message] of source.matchAll(/required(?:Text|Id)\("([^"]+)"/g)) {
    found.add((message ?? "").replace(/ (is|are) required\b.*$/, ""));
  }
  const named =
    /(?:optionalText|optionalLimitCents|plainText)\("([^"]+)"|flag\(\w+, "([^"]+)"|label: "([^"]+)"/g;
  for (const match of source.matchAll(named)) found.add(match[1] ?? match[2] ?? match[3] ?? "");
  return [...found].sort();
}

afterEach(() => {
  // Unmounted first: a language change re-renders every mounted field.
  cleanup();
  applyLanguage("en");
});

describe("the schemas' messages in the catalogue", () => {
  const messages = messagesInSource();
  const labels: string[] = Object.values(en.labels);

  test("the source gives the messages the forms show (the check reads them)", () => {
    expect(messages.length).toBeGreaterThan(50);
    expect(messages).toContain("First name is required");
    expect(messages).toContain("Note is too long (at most 10 characters)");
    expect(messages).toContain("Not a number");
  });

  test("every message has a key", () => {
    expect(messages.filter((message) => validationKey(message) === null)).toEqual([]);
  });

  test("every field name the schemas use in a message has a German name", () => {
    expect(labelsInSource().filter((label) => !labels.includes(label))).toEqual([]);
  });

  test("in German every message reads German, whole, no placeholder left", () => {
    applyLanguage("de");
    const untranslated = messages.filter((message) => {
      const german = translateValidation(message);
      return german === message || german.includes("{{");
    });
    expect(untranslated).toEqual([]);
  });
});

/**
 * Field messages the server's services write themselves, outside the shared schemas, that a
 * form shows under its field (issue 23): each is held to the server's source word for word
 * (a reworded one fails here, not silently in English on a German screen) and reads German.
 */
describe("the messages the server's services give a field", () => {
  const SRC = join(import.meta.dir, "../../src");
  const SERVICE_MESSAGES: Record<string, Record<string, string>> = {
    // PATCH /api/user/password
    "modules/auth/own-password.service.ts": {
      "Current password is incorrect": "Aktuelles Passwort ist falsch",
      "New password must differ from the current one":
        "Das neue Passwort muss sich vom aktuellen unterscheiden",
    },
    // Ending another of one's sessions.
    "modules/auth/sessions.service.ts": { "Password is incorrect": "Passwort ist falsch" },
    // Delete All Data: shown under the password field.
    "modules/admin/data.service.ts": {
      "The password is not correct; nothing was deleted":
        "Das Passwort ist nicht korrekt; es wurde nichts gelöscht",
    },
    // POST /api/admin/tokens
    "modules/tokens/tokens.service.ts": {
      "Expiry must be in the future": "Das Ablaufdatum muss in der Zukunft liegen",
    },
    // Create User: a name already taken, under the Username field.
    "modules/admin/users.service.ts": {
      "Username is already taken": "Benutzername ist bereits vergeben",
    },
  };

  test("each is the server's own message, word for word", () => {
    for (const [file, messages] of Object.entries(SERVICE_MESSAGES)) {
      const source = readFileSync(join(SRC, file), "utf8");
      for (const message of Object.keys(messages)) expect(source).toContain(`"${message}"`);
    }
  });

  test("English as the server writes it; German whole", () => {
    const pairs = Object.values(SERVICE_MESSAGES).flatMap((messages) => Object.entries(messages));
    for (const [english] of pairs) expect(translateValidation(english)).toBe(english);
    applyLanguage("de");
    expect(pairs.map(([english]) => translateValidation(english))).toEqual(
      pairs.map(([, german]) => german),
    );
  });
});

describe("translateValidation", () => {
  test("English is the schema's message word for word", () => {
    expect(translateValidation("First name is required")).toBe("First name is required");
    expect(translateValidation("Reason is too long (at most 500 characters)")).toBe(
      "Reason is too long (at most 500 characters)",
    );
  });

  test("German: the message and the field's name, with the schema's numbers", () => {
    applyLanguage("de");
    expect(translateValidation("First name is required")).toBe("Vorname ist erforderlich");
    expect(translateValidation("Reason is too long (at most 500 characters)")).toBe(
      "Grund ist zu lang (höchstens 500 Zeichen)",
    );
    expect(translateValidation("Odds are required")).toBe("Quote ist erforderlich");
    expect(translateValidation("Not a number")).toBe("Keine Zahl");
    // The estimator's English advice is left out; the refusal is German.
    expect(translateValidation("This password is too easy to guess. Add another word or two")).toBe(
      "Dieses Passwort ist zu leicht zu erraten",
    );
  });

  test("a message it does not know, or a field it cannot name, stays whole in English", () => {
    applyLanguage("de");
    expect(translateValidation("Passwords do not match")).toBe("Passwords do not match");
    expect(translateValidation("Frobnicator is required")).toBe("Frobnicator is required");
  });

  test("the real schemas' messages read German", () => {
    applyLanguage("de");
    const issues = [
      ...(createCustomerSchema.safeParse({}).error?.issues ?? []),
      ...(createShopSchema.safeParse({ name: "x".repeat(101), location: "" }).error?.issues ?? []),
      ...(placeBetSchema.safeParse({ stakeAmount: "abc" }).error?.issues ?? []),
    ].map((issue) => issue.message);
    expect(issues.length).toBeGreaterThan(3);
    expect(issues.filter((message) => translateValidation(message) === message)).toEqual([]);
  });
});

describe("a field's error in the language shown", () => {
  test("English as the schema says it; German as soon as the language changes", () => {
    render(<InputField label="First name" error="First name is required" />);
    expect(screen.getByText("First name is required")).toBeTruthy();
    act(() => applyLanguage("de"));
    expect(screen.getByText("Vorname ist erforderlich")).toBeTruthy();
    expect(screen.getByRole("textbox").getAttribute("aria-invalid")).toBe("true");
  });
});
