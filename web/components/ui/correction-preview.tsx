import type { CorrectionPreviewDto } from "../../../src/domain/dto";
import { centsOf } from "../../../src/domain/money";
import { euro } from "../../lib/format";

type Balance = CorrectionPreviewDto["balances"][number];
type Row = CorrectionPreviewDto["rows"][number];

/**
 * One balance in plain words: "This takes the customer Ada Lovelace to -€25.00 (from
 * €0.00)", and a warning when it goes below zero or past the credit limit.
 */
export function balanceSentence(b: Balance): { text: string; warning: string | null } {
  const who = b.party === "CUSTOMER" ? `the customer ${b.name}` : `the till of ${b.name}`;
  const after = centsOf(b.afterAmount);
  const text = `This takes ${who} to ${euro(b.afterAmount)} (from ${euro(b.beforeAmount)}).`;
  let warning: string | null = null;
  if (after < 0 && b.party === "CUSTOMER" && b.creditLimit !== null) {
    warning =
      -after > centsOf(b.creditLimit)
        ? `Beyond the credit limit of ${euro(b.creditLimit)}.`
        : `Below zero, within the credit limit of ${euro(b.creditLimit)}.`;
  } else if (after < 0) {
    warning = "The till goes below zero.";
  }
  return { text, warning };
}

function party(type: string, id: number, name: string | null): string {
  return name ?? `${type.toLowerCase()} #${id}`;
}

/**
 * What a correction will write and what it does to each balance (issue 12): the answer of
 * a dry run, shown before the admin confirms. The same answer shape comes back from the
 * real write, so this is what will happen.
 */
export function CorrectionPreview({ preview }: { preview: CorrectionPreviewDto }) {
  return (
    <div data-testid="correction-preview" className="space-y-3 text-sm">
      <div>
        <h3 className="mb-1 font-medium">Ledger rows it writes</h3>
        <ul className="space-y-1">
          {preview.rows.map((row: Row, i) => (
            <li
              // Rows of a preview have no id yet; their order is the order they are written.
              // biome-ignore lint/suspicious/noArrayIndexKey: a preview is rendered once
              key={i}
              className="rounded-box bg-base-200 px-3 py-2"
            >
              <span className="font-medium">{row.type}</span>{" "}
              <span className="tabular-nums">{euro(row.amount)}</span> from{" "}
              {party(row.fromEntityType, row.fromEntityId, row.fromName)} to{" "}
              {party(row.toEntityType, row.toEntityId, row.toName)}
              {row.description && (
                <span className="block text-base-content/70">{row.description}</span>
              )}
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h3 className="mb-1 font-medium">Balances</h3>
        {preview.balances.length === 0 ? (
          <p>No stored balance changes.</p>
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
      </div>
    </div>
  );
}
