import { expect } from 'chai';
import { isStartTime } from '@bt/contracts';
import { startsAtFromInput, startsAtToInput } from './start-time';

describe('start times in the forms', () => {
  it('sends the input’s local time with the browser’s offset for that moment, naming the same instant', () => {
    const sent = startsAtFromInput('2026-11-28T19:30')!;
    expect(isStartTime(sent)).to.equal(true);
    expect(new Date(sent).getTime()).to.equal(new Date(2026, 10, 28, 19, 30).getTime());
    expect(startsAtToInput(sent)).to.equal('2026-11-28T19:30');
  });

  it('sends none for a blank input, and what it cannot read as typed (for the server’s message)', () => {
    expect(startsAtFromInput('  ')).to.equal(null);
    expect(startsAtFromInput('soon')).to.equal('soon');
  });

  it('shows a stored start time in local time, and nothing for none', () => {
    expect(startsAtToInput(null)).to.equal('');
    const local = startsAtToInput('2026-11-29T00:30:00Z');
    expect(new Date(local).getTime()).to.equal(Date.parse('2026-11-29T00:30:00Z'));
  });
});
