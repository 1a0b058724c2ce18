/**
 * One CSV line (RFC 4180): fields quoted when they hold a comma, quote or line break. A text field that
 * a spreadsheet would run as a formula (it starts with = + - @, tab or carriage return) gets a leading
 * apostrophe, so an external reference chosen by a customer cannot become a formula in the export.
 */
export function csvLine(fields: readonly (string | number | null)[]): string {
  return (
    fields
      .map((field) => {
        if (field === null) return '';
        if (typeof field === 'number') return String(field);
        const text = /^[=+\-@\t\r]/.test(field) ? `'${field}` : field;
        return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
      })
      .join(',') + '\r\n'
  );
}
