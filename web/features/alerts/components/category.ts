import type { AlertCategory } from "../../../../src/domain/enums";
import { NOTE_REQUIRED_CATEGORIES } from "../../../../src/domain/enums";

/** Who an alert is for, as the screens name it (decisions/044). */
export const CATEGORY_LABEL: Record<AlertCategory, string> = {
  operations: "Operations",
  cash: "Cash",
  security: "Security",
  system: "System",
};

/** A cash or security alert is dismissed with a note saying what was done. */
export const needsNote = (category: AlertCategory) => NOTE_REQUIRED_CATEGORIES.includes(category);

/** The server's own message for a missing note, so both read the same. */
export const noteRequired = (category: AlertCategory) =>
  `Note is required to dismiss a ${category} alert`;
