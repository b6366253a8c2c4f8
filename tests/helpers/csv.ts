/**
 * A small RFC 4180 reader for the tests (no CSV parser is a dependency; csv-stringify only
 * writes): quoted cells, doubled quotes, the delimiter and line breaks inside quotes, CRLF
 * or LF, a byte order mark first. `delimiter` is "," or ";" (decision 064).
 */
export function parseCsv(text: string, delimiter = ","): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const body = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      row.push(cell);
      cell = "";
    } else if (ch === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else if (ch !== "\r") cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** A CSV's rows as objects by header name, and the header itself. */
export function csvObjects(
  text: string,
  delimiter = ",",
): { header: string[]; rows: Record<string, string>[] } {
  const [header = [], ...lines] = parseCsv(text, delimiter);
  for (const line of lines) {
    if (line.length !== header.length) {
      throw new Error(`CSV row of ${line.length} cells under ${header.length} columns: ${line}`);
    }
  }
  return {
    header,
    rows: lines.map((line) => Object.fromEntries(header.map((name, i) => [name, line[i] ?? ""]))),
  };
}

/** A money cell ("-12.50", or "-12,50" in a decimal-comma file) in cents. */
export function centsOfCell(cell: string, decimal: "point" | "comma" = "point"): number {
  const pattern = decimal === "comma" ? /^-?\d+,\d{2}$/ : /^-?\d+\.\d{2}$/;
  if (!pattern.test(cell)) throw new Error(`not a ${decimal} money cell: ${JSON.stringify(cell)}`);
  const [whole = "0", part = "0"] = cell.replace("-", "").split(/[.,]/);
  const cents = Number(whole) * 100 + Number(part);
  return cell.startsWith("-") ? -cents : cents;
}
