import type { CorrectionPreviewDto } from "../../../src/domain/dto";
import { centsOf } from "../../../src/domain/money";
import { i18n, useT } from "../../i18n";
import { ledgerDescriptionText } from "../../i18n/ledger-descriptions";
import { richText } from "../../i18n/rich-text";
import { euro } from "../../lib/format";
import "../../i18n/areas/ui";

type Balance = CorrectionPreviewDto["balances"][number];
type Row = CorrectionPreviewDto["rows"][number];

/**
 * One balance in plain words: "This takes the customer Ada Lovelace to -€25.00 (from
 * €0.00)", and a warning when it goes below zero or past the credit limit.
 */
export function balanceSentence(b: Balance): { text: string; warning: string | null } {
  const who =
    b.party === "CUSTOMER"
      ? i18n.t("ui.correction.theCustomer", { name: b.name })
      : i18n.t("ui.correction.theTill", { name: b.name });
  const after = centsOf(b.afterAmount);
  const text = i18n.t("ui.correction.takes", {
    who,
    after: euro(b.afterAmount),
    before: euro(b.beforeAmount),
  });
  let warning: string | null = null;
  if (after < 0 && b.party === "CUSTOMER" && b.creditLimit !== null) {
    const limit = euro(b.creditLimit);
    warning =
      -after > centsOf(b.creditLimit)
        ? i18n.t("ui.correction.beyondLimit", { limit })
        : i18n.t("ui.correction.withinLimit", { limit });
  } else if (after < 0) {
    warning = i18n.t("ui.correction.tillBelowZero");
  }
  return { text, warning };
}

const PARTY_TYPES = ["CUSTOMER", "SHOP", "USER", "CASH"] as const;

/** A party by name, else by its type and id: "customer #3" (de: "Kunde #3"). */
function party(type: string, id: number, name: string | null): string {
  if (name !== null) return name;
  const known = PARTY_TYPES.find((t) => t === type);
  const word = known ? i18n.t(`ui.correction.partyType.${known}`) : type.toLowerCase();
  return i18n.t("ui.correction.party", { type: word, id });
}

/**
 * What a correction will write and what it does to each balance (issue 12): the answer of
 * a dry run, shown before the admin confirms. The same answer shape comes back from the
 * real write, so this is what will happen.
 */
export function CorrectionPreview({ preview }: { preview: CorrectionPreviewDto }) {
  const t = useT();
  return (
    <div data-testid="correction-preview" className="space-y-3 text-sm">
      <div>
        <h3 className="mb-1 font-medium">{t("ui.correction.rows")}</h3>
        <ul className="space-y-1">
          {preview.rows.map((row: Row, i) => (
            <li
              // Rows of a preview have no id yet; their order is the order they are written.
              // biome-ignore lint/suspicious/noArrayIndexKey: a preview is rendered once
              key={i}
              className="rounded-box bg-base-200 px-3 py-2"
            >
              {richText(
                (places) => t("ui.correction.row", places),
                {
                  type: <span className="font-medium" />,
                  amount: <span className="tabular-nums" />,
                },
                {
                  type: t(`ui.transactionType.${row.type}`),
                  amount: euro(row.amount),
                  from: party(row.fromEntityType, row.fromEntityId, row.fromName),
                  to: party(row.toEntityType, row.toEntityId, row.toName),
                },
              )}
              {row.description && (
                <span className="block text-base-content/70">{ledgerDescriptionText(row, t)}</span>
              )}
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h3 className="mb-1 font-medium">{t("ui.correction.balances")}</h3>
        {preview.balances.length === 0 ? (
          <p>{t("ui.correction.noBalances")}</p>
        ) : (
          <ul className="space-y-1">
            {preview.balances.map((b) => {
              const { text, warning } = balanceSentence(b);
              return (
                <li key={`${b.party}:${b.id}`} data-testid="balance-change">
                  <p>{text}</p>
                  {warning && <p className="font-medium text-error">{warning}</p>}
                </li>
              );
            })}
          </ul>
        )}
        {preview.tills.length > 0 && (
          // A reversal of cash taken in a shift still open moves that till's expected cash
          // (decision 079): the admin sees which cashier's cash-up it changes.
          <ul className="mt-1 space-y-1">
            {preview.tills.map((till) => (
              <li key={till.shiftId} data-testid="till-change">
                {t("ui.correction.tillTakes", {
                  shift: till.shiftId,
                  cashier: till.cashier ?? "?",
                  shop: till.shop ?? "?",
                  after: euro(till.afterAmount),
                  before: euro(till.beforeAmount),
                })}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
