import { expect } from 'chai';
import { csvCell, toCsv } from './csv';

describe('CSV built in the browser', () => {
  it('leaves plain cells as they are', () => {
    expect(csvCell('Basketball')).to.equal('Basketball');
    expect(csvCell('+$45.45')).to.equal('+$45.45');
    expect(csvCell('')).to.equal('');
  });

  it('quotes a cell holding a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvCell('live, model')).to.equal('"live, model"');
    expect(csvCell('the "sharp" book')).to.equal('"the ""sharp"" book"');
    expect(csvCell('two\nlines')).to.equal('"two\nlines"');
    expect(csvCell('cr\rhere')).to.equal('"cr\rhere"');
  });

  it('joins cells with commas and ends every line with CRLF', () => {
    expect(
      toCsv([
        ['Group', 'Bets'],
        ['A, B', '2'],
      ]),
    ).to.equal('Group,Bets\r\n"A, B",2\r\n');
  });
});
