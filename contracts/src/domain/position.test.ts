import { expect } from 'chai';
import {
  compareLogPositions,
  isLogPosition,
  laterLogPosition,
  LOG_POSITION_HEADER,
  MIN_POSITION_HEADER,
  READ_MODELS_BEHIND_HEADER,
} from './position';

describe('log positions', () => {
  it('names the headers that carry them', () => {
    expect([LOG_POSITION_HEADER, MIN_POSITION_HEADER, READ_MODELS_BEHIND_HEADER]).to.deep.equal([
      'X-Log-Position',
      'X-Min-Position',
      'X-Read-Models-Behind',
    ]);
  });

  it('accepts "commit.prepare" with up to 20 digits on each side, around blanks', () => {
    expect(isLogPosition('0.0')).to.equal(true);
    expect(isLogPosition('12.345')).to.equal(true);
    expect(isLogPosition(' 12.345 ')).to.equal(true);
    expect(isLogPosition(`${'9'.repeat(20)}.${'9'.repeat(20)}`)).to.equal(true);
  });

  it('refuses anything else', () => {
    for (const text of [
      '',
      '12',
      '.5',
      '5.',
      'a.1',
      '1.b',
      'x1.1',
      '1.1x',
      '1.2.3',
      '-1.2',
      `${'9'.repeat(21)}.1`,
      `1.${'9'.repeat(21)}`,
    ]) {
      expect(isLogPosition(text), text).to.equal(false);
    }
  });

  it('orders by commit first, then by prepare, as numbers rather than text', () => {
    expect(compareLogPositions('10.0', '9.99')).to.equal(1);
    expect(compareLogPositions('9.99', '10.0')).to.equal(-1);
    expect(compareLogPositions('5.10', '5.9')).to.equal(1);
    expect(compareLogPositions('5.9', '5.10')).to.equal(-1);
    expect(compareLogPositions('5.9', '5.9')).to.equal(0);
  });

  it('compares positions beyond the safe integers exactly', () => {
    expect(compareLogPositions('9007199254740993.0', '9007199254740992.0')).to.equal(1);
    expect(compareLogPositions('1.9007199254740992', '1.9007199254740993')).to.equal(-1);
  });

  it('keeps the later of two positions, and either one when the other is absent', () => {
    expect(laterLogPosition('3.1', '2.9')).to.equal('3.1');
    expect(laterLogPosition('2.9', '3.1')).to.equal('3.1');
    expect(laterLogPosition('4.4', '4.4')).to.equal('4.4');
    expect(laterLogPosition(undefined, '1.1')).to.equal('1.1');
    expect(laterLogPosition('1.1', undefined)).to.equal('1.1');
    expect(laterLogPosition(undefined, undefined)).to.equal(undefined);
  });
});
