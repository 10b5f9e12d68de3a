// CSV as RFC 4180 writes it (the backup's favourites.csv) and reads it (Google Takeout's saved lists).

export type CsvValue = string | number | null;

/** A field quoted when it holds a comma, a quote or a line break; a quote inside is doubled. */
function field(value: CsvValue): string {
  const text = value === null ? "" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The header, then one line per row, each ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => `${row.map(field).join(",")}\r\n`).join("");
}

/**
 * The rows of a CSV text, each a list of fields: quoted fields may hold commas, doubled quotes and line breaks;
 * lines end in CRLF or LF; a byte order mark is skipped. A quote left open runs to the end of the text.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let value = "";
  let quoted = false;
  const input = text.startsWith("\uFEFF") ? text.slice(1) : text;
  for (let i = 0; i < input.length; i++) {
    const character = input[i];
    if (quoted) {
      if (character === '"' && input[i + 1] === '"') {
        value += '"';
        i++;
      } else if (character === '"') quoted = false;
      else value += character;
    } else if (character === '"') quoted = true;
    else if (character === ",") {
      row.push(value);
      value = "";
    } else if (character === "\n" || character === "\r") {
      if (character === "\r" && input[i + 1] === "\n") i++;
      row.push(value);
      rows.push(row);
      row = [];
      value = "";
    } else value += character;
  }
  if (value !== "" || row.length > 0) {
    row.push(value);
    rows.push(row);
  }
  return rows;
}
