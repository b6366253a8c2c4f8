import { useT } from "../../../i18n";
import { auditDiff } from "./audit-diff";
import "../../../i18n/areas/audit";

/**
 * An entry's before and after as a table of the fields that differ: "old -> new" for a
 * change, the new value for an added field, the old one (struck through) for a removed one.
 */
export function AuditDifference({ before, after }: { before: unknown; after: unknown }) {
  const t = useT();
  const lines = auditDiff(before, after);
  const shown = (value: string) => value || t("audit.difference.empty");
  if (lines.length === 0) {
    return <p className="text-base-content/70">{t("audit.difference.nothing")}</p>;
  }
  return (
    <div className="overflow-x-auto">
      <table className="table table-sm">
        <caption className="sr-only">{t("audit.difference.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("audit.difference.field")}</th>
            <th scope="col">{t("audit.difference.change")}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.field} data-kind={line.kind}>
              <th scope="row" className="align-top font-medium">
                {line.field}
                <span className="block text-xs font-normal text-base-content/70">
                  {t(`audit.difference.${line.kind}`)}
                </span>
              </th>
              <td className="break-words align-top">
                {line.kind === "changed" && (
                  <>
                    <del className="text-error">{shown(line.before)}</del>
                    <span aria-hidden="true">{" -> "}</span>
                    <span className="sr-only">{t("audit.difference.changedTo")} </span>
                    <ins className="text-success no-underline">{shown(line.after)}</ins>
                  </>
                )}
                {line.kind === "added" && <ins className="no-underline">{shown(line.after)}</ins>}
                {line.kind === "removed" && <del>{shown(line.before)}</del>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
