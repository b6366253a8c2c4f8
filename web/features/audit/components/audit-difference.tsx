import { auditDiff } from "./audit-diff";

const KIND_LABEL = { changed: "Changed", added: "Added", removed: "Removed" } as const;

/**
 * An entry's before and after as a table of the fields that differ: "old -> new" for a
 * change, the new value for an added field, the old one (struck through) for a removed one.
 */
export function AuditDifference({ before, after }: { before: unknown; after: unknown }) {
  const lines = auditDiff(before, after);
  if (lines.length === 0) {
    return <p className="text-base-content/70">No values were recorded for this change.</p>;
  }
  return (
    <div className="overflow-x-auto">
      <table className="table table-sm">
        <caption className="sr-only">Fields changed, with their values before and after</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.field} data-kind={line.kind}>
              <th scope="row" className="align-top font-medium">
                {line.field}
                <span className="block text-xs font-normal text-base-content/70">
                  {KIND_LABEL[line.kind]}
                </span>
              </th>
              <td className="break-words align-top">
                {line.kind === "changed" && (
                  <>
                    <del className="text-error">{line.before || "(empty)"}</del>
                    <span aria-hidden="true"> -&gt; </span>
                    <span className="sr-only">changed to </span>
                    <ins className="text-success no-underline">{line.after || "(empty)"}</ins>
                  </>
                )}
                {line.kind === "added" && (
                  <ins className="no-underline">{line.after || "(empty)"}</ins>
                )}
                {line.kind === "removed" && <del>{line.before || "(empty)"}</del>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
