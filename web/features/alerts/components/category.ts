import type { AlertCategory } from "../../../../src/domain/enums";
import { NOTE_REQUIRED_CATEGORIES } from "../../../../src/domain/enums";
import { i18n } from "../../../i18n";
import "../../../i18n/areas/alerts";

/** The category inside a sentence: "cash" in "a cash alert". */
export const categoryInText = (category: AlertCategory) =>
  i18n.t(`alerts.categoryInText.${category}`);

/** A cash or security alert is dismissed with a note saying what was done. */
export const needsNote = (category: AlertCategory) => NOTE_REQUIRED_CATEGORIES.includes(category);

/** The server's own message for a missing note, so both read the same (in English). */
export const noteRequired = (category: AlertCategory) =>
  i18n.t("alerts.dismiss.noteRequired", { category: categoryInText(category) });
