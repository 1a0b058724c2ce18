import { describe, expect, it } from 'vitest';
import { csvLine } from '../../../src/core/text/csv.js';

describe('CSV lines', () => {
  it('quotes a field holding a comma, quote or line break, and writes null as empty', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', 'two\nlines', null, 0.5])).toBe(
      'a,"b,c","say ""hi""","two\nlines",,0.5\r\n',
    );
  });

  it('defuses a text field a spreadsheet would run as a formula', () => {
    expect(csvLine(['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)', 'order-1'])).toBe(
      `"'=HYPERLINK(""x"")",'+1,'-2,'@SUM(A1),order-1\r\n`,
    );
    // Numbers are numbers: a negative score stays a number.
    expect(csvLine([-1])).toBe('-1\r\n');
  });
});
