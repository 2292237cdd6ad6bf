import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server in the test process: what the product sends arrives here, parsed. */
export interface SmtpReceiver {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL (createMailer's route). */
  url: string;
  /** Every message received so far, oldest first. */
  received: ParsedMail[];
  /** The next message to `to` not taken yet (waits up to `timeoutMs` for it). */
  next(to: string, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

const recipients = (mail: ParsedMail): string[] =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((to) => to.value.map((a) => a.address ?? ''));

export const startSmtpReceiver = async (): Promise<SmtpReceiver> => {
  const received: ParsedMail[] = [];
  const taken = new Set<ParsedMail>();
  const waiting = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          for (const wake of waiting) wake();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const find = (to: string) => received.find((mail) => !taken.has(mail) && recipients(mail).includes(to));

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    next: (to, timeoutMs = 10_000) =>
      new Promise<ParsedMail>((resolve, reject) => {
        const check = () => {
          const mail = find(to);
          if (!mail) return;
          taken.add(mail);
          waiting.delete(check);
          clearTimeout(timer);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.add(check);
        check();
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
