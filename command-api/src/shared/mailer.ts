import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '@bt/platform';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where the mail goes: an SMTP server, or (the embedded default without one) a folder of .eml files. */
export type MailRoute = { smtpUrl: string } | { outboxDir: string };

/**
 * Sends the product's e-mail. A request never waits for it: `later` hands the work over and the
 * answer goes at once, so neither the mail server's speed nor whether anything was sent at all
 * shows in the answer's timing.
 */
export interface Mailer {
  /** Runs `compose` in the background and sends what it returns (nothing when undefined); a failure is logged. */
  later(compose: () => Promise<MailMessage | undefined>): void;
  /** Resolves once everything handed over so far is sent, or has failed. */
  drain(): Promise<void>;
  /** Drains, then closes the connection to the mail server. */
  close(): Promise<void>;
}

/**
 * A mailer over nodemailer: SMTP (`smtp://` or `smtps://` URL, user and password in it) or, without a
 * server, a `.eml` file per message in `outboxDir` (its path logged), which any mail program opens.
 */
export const createMailer = (route: MailRoute, from: string, logger: Logger): Mailer => {
  const pending = new Set<Promise<void>>();
  const { send, close } = 'smtpUrl' in route ? smtpSender(route.smtpUrl, from) : outboxWriter(route.outboxDir, from, logger);

  const drain = async () => {
    while (pending.size > 0) await Promise.all(pending);
  };

  return {
    later(compose) {
      const task = compose()
        .then((message) => (message ? send(message) : undefined))
        .catch((error: unknown) => logger.error({ err: error }, 'mail not sent'))
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    drain,
    async close() {
      await drain();
      close();
    },
  };
};

interface Sender {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

const smtpSender = (smtpUrl: string, from: string): Sender => {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send: async (message) => void (await transport.sendMail({ from, ...message })),
    close: () => transport.close(),
  };
};

const outboxWriter = (outboxDir: string, from: string, logger: Logger): Sender => {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  let written = 0;
  return {
    async send(message) {
      const { message: eml } = await transport.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      // Named by time, then a count, so a folder listing shows the newest last.
      const path = join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(++written).padStart(4, '0')}.eml`);
      await writeFile(path, eml, { mode: 0o600 });
      logger.info({ path, subject: message.subject }, `mail written to ${path} (no SMTP_URL set)`);
    },
    close: () => transport.close(),
  };
};
