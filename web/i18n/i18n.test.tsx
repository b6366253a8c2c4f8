/**
 * Languages in the web app (issue 23 items 2 and 3, decision 065): which language shows, that
 * `<html lang>` follows it, money and numbers in its locale, server errors by code, and a
 * German user's screens in German, through the real providers.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Suspense } from "react";
import { userDto } from "../../src/domain/dto";
import { CashMovementDialog } from "../features/transactions";
import { ApiError, errorMessage } from "../lib/api-client";
import { euro, euroCents, formatNumber, formatPercent } from "../lib/format";
import { setLanguageChosenByUser } from "../lib/locale";
import { formatReadBack, readTypedAmount } from "../lib/money-input";
import { customer, settings, shop } from "../test/fixtures";
import { renderApp, renderWithProviders, user } from "../test/render";
import { applyLanguage, i18n, loadLanguage, resolveLanguage } from ".";

function browserLanguages(languages: string[]) {
  Object.defineProperty(window.navigator, "languages", { value: languages, configurable: true });
  Object.defineProperty(window.navigator, "language", { value: languages[0], configurable: true });
}

afterEach(() => {
  // Unmounted first: a language change re-renders every mounted screen.
  cleanup();
  browserLanguages(["en-US"]);
  setLanguageChosenByUser(false);
  applyLanguage("en");
});

describe("which language shows", () => {
  test("the user's own choice, else the browser's first the app speaks, else the default", () => {
    expect(resolveLanguage("de", ["en-US"], "en")).toBe("de");
    expect(resolveLanguage("en", ["de-DE"], "de")).toBe("en");
    expect(resolveLanguage(null, ["fr-FR", "de-AT", "en"], "en")).toBe("de");
    expect(resolveLanguage(null, ["fr-FR"], "de")).toBe("de");
    expect(resolveLanguage(null, [], null)).toBe("en");
  });

  test("<html lang> follows the language", () => {
    applyLanguage("de");
    expect(document.documentElement.lang).toBe("de");
    expect(String(i18n.t("nav.dashboard"))).toBe("Übersicht");
    applyLanguage("en");
    expect(document.documentElement.lang).toBe("en");
    expect(i18n.t("nav.dashboard")).toBe("Dashboard");
  });
});

describe("German's catalogue is fetched when first shown", () => {
  test("English stays until it is here, then German shows; a later choice wins", async () => {
    const german = i18n.getResourceBundle("de", "translation");
    i18n.removeResourceBundle("de", "translation");
    try {
      applyLanguage("de");
      // Not here yet (the app's chunk is being fetched): still English, <html lang="en">.
      expect(i18n.language).toBe("en");
      expect(document.documentElement.lang).toBe("en");
      await loadLanguage("de");
      await waitFor(() => expect(i18n.language).toBe("de"));
      expect(document.documentElement.lang).toBe("de");
      expect(i18n.t("app.name") as string).toBe("Wettbüro");
      // A choice made while a fetch is under way is not undone by the fetch's end.
      i18n.removeResourceBundle("de", "translation");
      applyLanguage("en");
      applyLanguage("de");
      applyLanguage("en");
      await loadLanguage("de");
      expect(i18n.language).toBe("en");
    } finally {
      i18n.addResourceBundle("de", "translation", german);
    }
  });
});

describe("money and numbers in the language's locale", () => {
  test('English "€1,000.50", German "1.000,50 €", from the exact decimal string', () => {
    expect(euro("1000.50")).toBe("€1,000.50");
    expect(euro("-5")).toBe("-€5.00");
    expect(euroCents(Number.MAX_SAFE_INTEGER)).toBe("€90,071,992,547,409.91");
    applyLanguage("de");
    expect(euro("1000.50")).toBe("1.000,50\u00a0€");
    expect(euro("-5")).toBe("-5,00\u00a0€");
    expect(formatNumber(1234)).toBe("1.234");
    expect(formatPercent(12.5, 1)).toBe("12,5\u00a0%");
  });

  test("a German cashier types 1.000,50 and reads back the same form; the API gets 1000.50", () => {
    const typed = readTypedAmount("1.000,50", "de-DE", "money");
    expect(typed).toEqual({ ok: true, cents: 100_050 });
    expect(formatReadBack(100_050, "de-DE", "money")).toBe("= 1.000,50\u00a0€");
  });
});

describe("server errors by code", () => {
  const conflict = new ApiError(
    409,
    JSON.stringify({ message: "This bet is already settled", code: "CONFLICT" }),
    "Conflict",
  );
  const invalid = new ApiError(
    401,
    JSON.stringify({ message: "Invalid username or password", code: "UNAUTHENTICATED" }),
    "Unauthorized",
  );

  test("English shows the server's message word for word", () => {
    expect(errorMessage(conflict)).toBe("This bet is already settled");
    expect(errorMessage(invalid)).toBe("Invalid username or password");
  });

  test("German shows a known message's own translation, else the code's message", () => {
    applyLanguage("de");
    expect(errorMessage(invalid)).toBe("Benutzername oder Passwort ist falsch");
    const notFound = new ApiError(
      404,
      JSON.stringify({ message: "Customer not found", code: "NOT_FOUND" }),
      "Not Found",
    );
    expect(errorMessage(notFound)).toBe("Nicht gefunden.");
    // An unknown code keeps the server's message.
    const odd = new ApiError(418, JSON.stringify({ message: "Teapot", code: "TEAPOT" }), "");
    expect(errorMessage(odd)).toBe("Teapot");
  });

  // Decision 070: a business refusal is written from its reason and params.
  const refusal = (status: number, body: Record<string, unknown>) =>
    new ApiError(status, JSON.stringify(body), "");
  const depositLimit = refusal(422, {
    message:
      "Deposit above the daily deposit limit of €1,000.00: €10.00 left today (Europe/Berlin)",
    code: "UNPROCESSABLE",
    reason: "DAILY_DEPOSIT_LIMIT",
    params: { limitCents: 100_000, leftCents: 1_000, zone: "Europe/Berlin" },
  });

  test("a refusal with its reason: English as the server wrote it, German with the amounts", () => {
    expect(errorMessage(depositLimit)).toBe(
      "Deposit above the daily deposit limit of €1,000.00: €10.00 left today (Europe/Berlin)",
    );
    applyLanguage("de");
    expect(errorMessage(depositLimit)).toBe(
      "Einzahlung über dem Tageslimit von 1.000,00\u00a0€: heute noch 10,00\u00a0€ möglich (Europe/Berlin)",
    );
  });

  test("a refusal the web cannot write keeps its reason: the code's message, then the English", () => {
    applyLanguage("de");
    // A reason from a newer server, one whose params do not fit, and a 409 with none.
    const newer = refusal(422, {
      message: "Customer is on holiday",
      code: "UNPROCESSABLE",
      reason: "ON_HOLIDAY",
      params: {},
    });
    expect(errorMessage(newer)).toBe("Das ist so nicht möglich. (Customer is on holiday)");
    const unfit = refusal(422, {
      message: "Stake €5.00 is above this customer's maximum stake of €1.00",
      code: "UNPROCESSABLE",
      reason: "MAX_STAKE",
      params: { stake: "5.00" },
    });
    expect(errorMessage(unfit)).toBe(
      "Das ist so nicht möglich. (Stake €5.00 is above this customer's maximum stake of €1.00)",
    );
    expect(errorMessage(conflict)).toBe(
      "Das widerspricht einer zwischenzeitlichen Änderung. Neu laden und erneut versuchen. (This bet is already settled)",
    );
  });

  test("a German cashier's refused deposit reads in German in the dialog, with the amounts", async () => {
    const ue = userEvent.setup();
    const calls = renderWithProviders(
      <Suspense fallback={null}>
        <CashMovementDialog kind="deposit" onClose={() => {}} customerId={7} shopId={3} />
      </Suspense>,
      "user",
      {
        "GET /api/user": userDto.parse({ ...user("user"), language: "de" }),
        "GET /api/settings": settings(),
        "GET /api/customers/:id": customer(),
        "GET /api/shops/:id": shop(),
        "POST /api/deposits": {
          status: 422,
          body: {
            message:
              "Deposit above the daily deposit limit of €1,000.00: €10.00 left today (Europe/Berlin)",
            code: "UNPROCESSABLE",
            reason: "DAILY_DEPOSIT_LIMIT",
            params: { limitCents: 100_000, leftCents: 1_000, zone: "Europe/Berlin" },
          },
        },
      },
    ).calls;
    await ue.type(await screen.findByLabelText("Betrag (€)"), "20");
    await ue.click(screen.getByRole("button", { name: "Ausführen" }));
    const toast = await screen.findByText(/Tageslimit/);
    expect(toast.textContent).toBe(
      "Einzahlung über dem Tageslimit von 1.000,00\u00a0€: heute noch 10,00\u00a0€ möglich (Europe/Berlin)",
    );
    expect(calls.some((c) => c.method === "POST" && c.path === "/api/deposits")).toBe(true);
  });
});

describe("the app in German", () => {
  const german = () => userDto.parse({ ...user("admin"), language: "de" });

  test("a user whose language is de sees the shell and dashboard in German, money the German way", async () => {
    renderApp("/", "admin", {
      "GET /api/user": german(),
      "GET /api/settings": settings(),
      "GET /api/dashboard/stats": {
        totalGivenCredit: "1000.50",
        totalCreditAtStake: "0.00",
        activeBets: 1234,
        totalCustomers: 3,
      },
    });
    expect(await screen.findByRole("heading", { name: "Übersicht", level: 1 })).toBeTruthy();
    await waitFor(() => expect(document.documentElement.lang).toBe("de"));
    const nav = screen.getByRole("navigation", { name: "Hauptmenü" });
    expect(within(nav).getByRole("link", { name: /Kunden/ })).toBeTruthy();
    // textContent: the testing library's matchers fold the no-break space into a space.
    const credit = screen.getByRole("region", { name: "Gewährter Kredit gesamt" });
    await waitFor(() => expect(credit.textContent).toContain("1.000,50\u00a0€"));
    const active = screen.getByRole("region", { name: "Aktive Wetten" });
    expect(active.textContent).toContain("1.234");
  });

  test("a German browser's sign-in page is German before anyone signs in", async () => {
    browserLanguages(["de-DE", "de"]);
    renderApp("/auth", null);
    expect(await screen.findByRole("heading", { name: "Anmelden" })).toBeTruthy();
    await waitFor(() => expect(document.documentElement.lang).toBe("de"));
    expect(screen.getByLabelText("Benutzername")).toBeTruthy();
  });

  test("an English user with a German browser keeps English, as chosen", async () => {
    browserLanguages(["de-DE"]);
    renderApp("/", "admin", {
      "GET /api/user": userDto.parse({ ...user("admin"), language: "en" }),
      "GET /api/settings": settings(),
    });
    expect(await screen.findByRole("heading", { name: "Dashboard", level: 1 })).toBeTruthy();
    await waitFor(() => expect(document.documentElement.lang).toBe("en"));
  });

  test("the language picker on the user's own page saves the choice and the app follows", async () => {
    const me = user("admin");
    let saved: unknown = null;
    const { calls } = renderApp(`/users/${me.id}`, "admin", {
      "GET /api/settings": settings(),
      "GET /api/users/:id": me,
      "GET /api/user/sessions": [],
      "PATCH /api/user/preferences": ({ body }: { body: { language: "de" } }) => {
        saved = body;
        return userDto.parse({ ...me, language: body.language });
      },
    });
    const picker = await screen.findByLabelText("Language of the app");
    await userEvent.setup().selectOptions(picker, "de");
    await waitFor(() => expect(saved).toEqual({ language: "de" }));
    await waitFor(() => expect(document.documentElement.lang).toBe("de"));
    expect(await screen.findByLabelText("Sprache der Anwendung")).toBeTruthy();
    expect(calls.some((c) => c.method === "PATCH")).toBe(true);
  });
});
