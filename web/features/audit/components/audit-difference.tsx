import { Fragment, useId } from "react";
import { useT } from "../../../i18n";
import { auditContext, auditDiff, type UserNames } from "./audit-diff";
import "../../../i18n/areas/audit";

/**
 * An entry's before and after as a table of the fields that differ: "old -> new" for a
 * change, the new value for an added field, the old one (struck through) for a removed one.
 * Below it, quieter, the values the before recorded and the after leaves out (a reversal's
 * original row): context the change was made to, not removed. User ids read by name.
 */
export function AuditDifference({
  before,
  after,
  users = {},
}: {
  before: unknown;
  after: unknown;
  users?: UserNames;
}) {
  const t = useT();
  const contextId = useId();
  const lines = auditDiff(before, after, users);
  const context = auditContext(before, after, users);
  const shown = (value: string) => value || t("audit.difference.empty");
  if (lines.length === 0 && context.length === 0) {
    return <p className="text-base-content/70">{t("audit.difference.nothing")}</p>;
  }
  return (
    <>
      {lines.length > 0 && (
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
                    {line.kind === "added" && (
                      <ins className="no-underline">{shown(line.after)}</ins>
                    )}
                    {line.kind === "removed" && <del>{shown(line.before)}</del>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {context.length > 0 && (
        <section aria-labelledby={contextId} className="mt-3 text-sm text-base-content/70">
          <h4 id={contextId} className="mb-1 font-medium">
            {t("audit.difference.context")}
          </h4>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-0.5">
            {context.map((line) => (
              <Fragment key={line.field}>
                <dt>{line.field}</dt>
                <dd className="break-words">{shown(line.value)}</dd>
              </Fragment>
            ))}
          </dl>
        </section>
      )}
    </>
  );
}
