/**
 * The "receipts" part of the catalogues (decision 065): English (the source; the SPEC's English
 * texts verbatim) and German, which must have every key (a missing one fails tsc and
 * web/i18n/catalogue.test.ts). Keys are used as t("receipts.<key>").
 */
import type { Shape } from "../shape";

export const en = {} as const;

export const de: Shape<typeof en> = {};
