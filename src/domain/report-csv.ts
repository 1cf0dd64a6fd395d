// CSV as RFC 4180 writes it (comma-separated, CRLF line ends, a field quoted when it holds a comma, a quote or a line
// break, quotes doubled), made safe for spreadsheets: a text cell that begins with =, +, - or @ (or a tab or
// carriage return) would be read as a formula by Excel, LibreOffice and Sheets, so it is written after a single quote,
// which they show as text (OWASP's "CSV injection"). Numbers are written as numbers: a negative one is data.

export type CsvCell = string | number | null

const FORMULA_START = /^[=+\-@\t\r]/

const textCell = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text)

const field = (cell: CsvCell): string => {
  if (cell === null) return ''
  const text = typeof cell === 'number' ? String(cell) : textCell(cell)
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** The rows as one CSV document, the first row being the header. */
export const toCsv = (rows: readonly (readonly CsvCell[])[]): string =>
  `${rows.map((row) => row.map(field).join(',')).join('\r\n')}\r\n`
