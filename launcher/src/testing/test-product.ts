import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { LOG_POSITION_HEADER, MIN_POSITION_HEADER } from '@bt/contracts';
import { createTestDatabase, type TestDatabase } from '@bt/event-store/testing';
import type { Logger } from '@bt/platform';
import { readConfig } from '../config';
import { startProduct, type RunningProduct } from '../product';

export type Json = Record<string, unknown>;

/** One answer of the product, read whole: its JSON body when it sent JSON. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  body: Json | undefined;
}

/** A user signed up through the front door. */
export interface SignedUp {
  token: string;
  id: string;
  email: string;
  password: string;
}

/** The product's HTTP API as a test calls it (see `client`). */
export interface ProductClient {
  call(method: string, path: string, token?: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
  /** Registers `<name>@example.com` (username and password from the name unless given); 201 or the test fails. */
  signUp(name: string, account?: { email?: string; username?: string }): Promise<SignedUp>;
}

/** The one-process product on a fresh database and data directory, as the integration tests run it. */
export interface TestProduct {
  product: RunningProduct;
  database: TestDatabase;
  dataDir: string;
  /**
   * A client of the product. By default it reads its own writes: every call sends the newest log
   * position any of its calls was answered with as X-Min-Position, so a read waits for the
   * projector. `followWrites: false` sends only the headers given (a test of that header itself).
   */
  client(options?: { followWrites?: boolean }): ProductClient;
  /** Stops the product, drops its database and removes its data directory. */
  stop(): Promise<void>;
}

/**
 * Starts the product in this process (real Postgres, the live projector) on a new test database,
 * with `env` over the test defaults; `logger` receives its log lines (the process's by default).
 */
export const startTestProduct = async (name: string, env: Record<string, string> = {}, logger?: Logger): Promise<TestProduct> => {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), `bt-${name}-`));
  const cleanUp = async () => {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  let product: RunningProduct;
  try {
    const config = readConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-product-secret-test-product-secret-0123',
      WEB_DIST: join(dataDir, 'no-web-build'),
      ...env,
    });
    const started = await startProduct(config, logger);
    // Once: a test may stop the product itself (to have its mail written out) before `stop` cleans up.
    let stopping: Promise<void> | undefined;
    product = { ...started, stop: () => (stopping ??= started.stop()) };
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return {
    product,
    database,
    dataDir,
    client: (options) => productClient(product.url, options?.followWrites ?? true),
    stop: async () => {
      await product.stop();
      await cleanUp();
    },
  };
};

const productClient = (url: string, followWrites: boolean): ProductClient => {
  let seen = '';
  const call: ProductClient['call'] = async (method, path, token, body, headers = {}) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(token && { Authorization: `Bearer ${token}` }),
        ...(body !== undefined && { 'Content-Type': 'application/json' }),
        ...(followWrites && seen && { [MIN_POSITION_HEADER]: seen }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const position = res.headers.get(LOG_POSITION_HEADER);
    if (followWrites && position) seen = position;
    const text = await res.text();
    const json = res.headers.get('content-type')?.startsWith('application/json');
    return { status: res.status, headers: res.headers, text, body: json ? (JSON.parse(text) as Json) : undefined };
  };
  return {
    call,
    async signUp(name, account = {}) {
      const email = account.email ?? `${name}@example.com`;
      const password = `${name}-password`;
      const res = await call('POST', '/api/auth/register', undefined, { email, username: account.username ?? name, password });
      expect(res.status, res.text).to.equal(201);
      return { token: res.body!.token as string, id: (res.body!.user as { id: string }).id, email, password };
    },
  };
};
