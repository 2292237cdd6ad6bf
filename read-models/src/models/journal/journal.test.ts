import { expect } from 'chai';
import { replayUser } from '../../replay';
import { EventLog } from '../../testing/event-log';

describe('journal projection', () => {
  it('lists entries newest first by creation time, whatever their date', () => {
    const log = new EventLog().register();
    const older = log.at('2025-03-01T08:00:00Z').writeJournal({ title: 'Older', date: '2025-03-05' });
    const newer = log.at('2025-03-02T08:00:00Z').writeJournal({ title: 'Newer', date: '2025-02-01' });

    expect(replayUser(log.events).journalEntries.map((e) => e.id)).to.deep.equal([newer, older]);
  });

  it('applies a revision and keeps what it does not change', () => {
    const log = new EventLog().register();
    const id = log.writeJournal({ title: 'Week 1', content: 'Draft', tags: ['nba'], type: 'weekly', mood: 'positive' });
    log.at('2025-03-04T10:00:00.000Z').reviseJournal(id, { content: 'Final', tags: ['nba', 'discipline'] });

    const [entry] = replayUser(log.events).journalEntries;
    expect(entry).to.deep.include({
      title: 'Week 1',
      content: 'Final',
      tags: ['nba', 'discipline'],
      type: 'weekly',
      mood: 'positive',
      version: 1,
    });
    expect(entry.updated_at.toISOString()).to.equal('2025-03-04T10:00:00.000Z');
  });

  it('deletes an erased entry', () => {
    const log = new EventLog().register();
    log.eraseJournal(log.writeJournal());
    expect(replayUser(log.events).journalEntries).to.deep.equal([]);
  });
});
