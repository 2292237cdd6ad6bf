import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { simpleParser } from 'mailparser';
import { loggerTo } from '@bt/platform';
import { startSmtpReceiver } from '../testing/smtp';
import { resetMail } from '../users/password-reset';
import { createMailer } from './mailer';

const FROM = 'Bet Tracker <no-reply@localhost>';
const LINK = 'http://localhost:3000/reset-password?token=abc_DEF-123';

/** The log lines a mailer writes, parsed. */
const logLines = () => {
  const lines: { level: number; msg: string; path?: string }[] = [];
  return { lines, logger: loggerTo((line) => lines.push(JSON.parse(line) as (typeof lines)[number]), 'info') };
};

describe('mailer', () => {
  it('without an SMTP server writes each message to the outbox as an .eml file and logs its path', async () => {
    const outboxDir = join(mkdtempSync(join(tmpdir(), 'bt-outbox-')), 'outbox');
    const { lines, logger } = logLines();
    const mailer = createMailer({ outboxDir }, FROM, logger);
    try {
      mailer.later(async () => resetMail('ann@example.com', LINK));
      mailer.later(async () => resetMail('bob@example.com', LINK));
      await mailer.drain();
      const files = readdirSync(outboxDir).sort();
      expect(files).to.have.length(2);
      expect(files.every((f) => f.endsWith('.eml'))).to.equal(true);
      const mail = await simpleParser(readFileSync(join(outboxDir, files[1]!)));
      expect(mail.subject).to.equal('Set a new BetTracker password');
      expect(mail.from?.text).to.equal('"Bet Tracker" <no-reply@localhost>');
      expect(mail.text).to.include(LINK);
      expect(mail.html).to.include(`href="${LINK}"`);
      // The link opens an account: only its owner reads the file.
      expect(statSync(join(outboxDir, files[0]!)).mode & 0o077).to.equal(0);
      expect(lines.map((l) => l.path).sort()).to.deep.equal(files.map((f) => join(outboxDir, f)));
      expect(lines[0]!.msg).to.include('no SMTP_URL set');
    } finally {
      await mailer.close();
      rmSync(join(outboxDir, '..'), { recursive: true, force: true });
    }
  });

  it('sends through an SMTP server', async () => {
    const smtp = await startSmtpReceiver();
    const mailer = createMailer({ smtpUrl: smtp.url }, FROM, logLines().logger);
    try {
      mailer.later(async () => resetMail('ann@example.com', LINK));
      const mail = await smtp.next('ann@example.com');
      expect(mail.text).to.include(LINK);
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it('hands the work over at once: the caller never waits for composing or sending', async () => {
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1' }, FROM, logLines().logger);
    let release: () => void = () => undefined;
    const composed = new Promise<void>((resolve) => (release = resolve));
    let done = false;
    mailer.later(async () => {
      await composed;
      done = true;
      return undefined;
    });
    expect(done).to.equal(false);
    release();
    await mailer.drain();
    expect(done).to.equal(true);
    await mailer.close();
  });

  it('logs a message it could not send rather than failing anyone', async () => {
    const { lines, logger } = logLines();
    // Nothing listens on port 1.
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1' }, FROM, logger);
    mailer.later(async () => resetMail('ann@example.com', LINK));
    mailer.later(() => Promise.reject(new Error('no account store')));
    await mailer.close();
    expect(lines.filter((l) => l.msg === 'mail not sent')).to.have.length(2);
  });

  it('escapes what it puts in the HTML', () => {
    const mail = resetMail('a"<b>@example.com', 'http://x.test/reset-password?token=a&b=<c>');
    expect(mail.html).to.include('a&quot;&lt;b&gt;@example.com');
    expect(mail.html).to.include('href="http://x.test/reset-password?token=a&amp;b=&lt;c&gt;"');
  });
});
