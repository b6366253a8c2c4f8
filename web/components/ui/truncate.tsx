import type { ReactNode } from "react";
import { formatCompactDateTime, formatDateTime } from "../../lib/format";

/**
 * One line cut with an ellipsis at `className`'s width (e.g. "max-w-48"), the whole text in
 * a title on hover. `children` (e.g. a link) default to the text itself.
 */
export function Truncate({
  text,
  className = "max-w-48",
  children,
}: {
  text: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <span className={`block truncate ${className}`} title={text}>
      {children ?? text}
    </span>
  );
}

/** A date in a table cell: "22 Nov 14:05", the full date and time on hover. */
export function DateCell({ value }: { value: string | null | undefined }) {
  const short = formatCompactDateTime(value);
  if (!value || !short) return null;
  return (
    <time className="whitespace-nowrap" dateTime={value} title={formatDateTime(value)}>
      {short}
    </time>
  );
}
