/**
 * The own page's preferences keep the focus through a save (found in Chromium: the select,
 * disabled while its choice saved, lost the focus to the page after every change, so a
 * keyboard user had to find it again). While saving it shows the choice and takes no other.
 */
import { describe, expect, test } from "bun:test";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { userDto } from "../../../../src/domain/dto";
import { blurAsChromium, holdNext } from "../../../test/hold";
import { englishAfterEach, renderWithProviders, user } from "../../../test/render";
import { LanguagePreference, OddsPreference } from "./odds-preference";

function preferences(me = user("user")) {
  const bodies: unknown[] = [];
  const view = renderWithProviders(
    <>
      <LanguagePreference />
      <OddsPreference />
    </>,
    "user",
    {
      "GET /api/user": me,
      "GET /api/settings": { oddsFormat: "fractional", defaultLanguage: "en" },
      "PATCH /api/user/preferences": ({ body }: { body: object }) => {
        bodies.push(body);
        return userDto.parse({ ...me, ...body });
      },
    },
  );
  return { ...view, bodies };
}

/** Once the operator's settings are in (the shop default names its format). */
const loaded = () => screen.findByRole("option", { name: "Shop default: Fractional (5/2)" });

/** A select disabled while it saves loses the focus in Chromium (blurAsChromium). */
function blurDisabled(select: HTMLSelectElement) {
  if (select.disabled) blurAsChromium(select);
}

describe("the own page's preferences keep the focus while they save", () => {
  englishAfterEach();

  test("Show odds as: enabled and focused while it saves, showing the choice, taking no other", async () => {
    const ue = userEvent.setup();
    const { bodies } = preferences();
    await loaded();
    const select = (await screen.findByLabelText("Show odds as")) as HTMLSelectElement;
    act(() => select.focus());
    const release = holdNext("PATCH");
    await ue.selectOptions(select, "fractional");
    await waitFor(() => expect(select.getAttribute("aria-disabled")).toBe("true"));
    blurDisabled(select);
    expect(select.disabled).toBe(false);
    expect(select.value).toBe("fractional");
    expect(document.activeElement).toBe(select);
    // Another choice while it saves is not taken.
    await ue.selectOptions(select, "");
    expect(select.value).toBe("fractional");
    release();
    expect(await screen.findByText("Odds format saved")).toBeTruthy();
    await waitFor(() => expect(select.getAttribute("aria-disabled")).toBeNull());
    expect(select.value).toBe("fractional");
    expect(document.activeElement).toBe(select);
    expect(bodies).toEqual([{ oddsFormat: "fractional" }]);
  });

  test("Language of the app: the focus stays on the select as the app turns German", async () => {
    const ue = userEvent.setup();
    const { bodies } = preferences();
    await loaded();
    const select = (await screen.findByLabelText("Language of the app")) as HTMLSelectElement;
    act(() => select.focus());
    const release = holdNext("PATCH");
    await ue.selectOptions(select, "de");
    await waitFor(() => expect(select.getAttribute("aria-disabled")).toBe("true"));
    blurDisabled(select);
    expect(select.disabled).toBe(false);
    expect(document.activeElement).toBe(select);
    release();
    expect(await screen.findByLabelText("Sprache der Anwendung")).toBe(select);
    await waitFor(() => expect(select.getAttribute("aria-disabled")).toBeNull());
    expect(select.value).toBe("de");
    expect(document.activeElement).toBe(select);
    expect(bodies).toEqual([{ language: "de" }]);
  });
});

/**
 * The toast that says the language was saved is the first thing said in the new language:
 * its title too (found: switching Deutsch to English toasted "Erfolg / Language saved").
 */
describe("the language saved toast, whole in the language chosen", () => {
  englishAfterEach();

  /** The title and the text of the toast saying `text`. */
  async function toastOf(text: string): Promise<(string | null | undefined)[]> {
    const toast = (await screen.findByText(text)).closest('[role="status"]');
    return [toast?.querySelector(".font-semibold")?.textContent, text];
  }

  test("Deutsch to English: Success, Language saved", async () => {
    const ue = userEvent.setup();
    const { bodies } = preferences(userDto.parse({ ...user("user"), language: "de" }));
    const select = (await screen.findByLabelText("Sprache der Anwendung")) as HTMLSelectElement;
    await ue.selectOptions(select, "en");
    expect(await toastOf("Language saved")).toEqual(["Success", "Language saved"]);
    expect(bodies).toEqual([{ language: "en" }]);
  });

  test("English to Deutsch: Erfolg, Sprache gespeichert", async () => {
    const ue = userEvent.setup();
    preferences();
    await loaded();
    await ue.selectOptions(await screen.findByLabelText("Language of the app"), "de");
    expect(await toastOf("Sprache gespeichert")).toEqual(["Erfolg", "Sprache gespeichert"]);
  });

  test("Deutsch to the browser's language (English here): in English", async () => {
    const ue = userEvent.setup();
    const { bodies } = preferences(userDto.parse({ ...user("user"), language: "de" }));
    const select = (await screen.findByLabelText("Sprache der Anwendung")) as HTMLSelectElement;
    await ue.selectOptions(select, "");
    expect(await toastOf("Language saved")).toEqual(["Success", "Language saved"]);
    expect(bodies).toEqual([{ language: null }]);
  });
});
