import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Below this the ports are the well-known and commonly configured ones. */
const LOWEST = 20_000;

/**
 * The first port the kernel hands out to outgoing connections (ip_local_port_range). A port chosen
 * in that range can be taken by any client socket between choosing it and Postgres binding it
 * seconds later (after initdb), so ports for Postgres are chosen below it.
 */
const ephemeralStart = (): number => {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (Number.isInteger(low) && low > LOWEST + 1000) return low;
  } catch {
    // Not Linux: the IANA dynamic range starts at 49152.
  }
  return 49_152;
};

/** Whether nothing listens on 127.0.0.1:`port` now. */
export const isFree = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });

/**
 * A port that is free now, at random between 20,000 and the kernel's range for outgoing connections,
 * for a Postgres (or a product) that binds it a while later: nothing takes it meanwhile unless it
 * is chosen the same way. Callers that start a server on it still retry on "address in use".
 */
export const unusedPort = async (): Promise<number> => {
  const end = ephemeralStart();
  for (let tries = 0; tries < 50; tries++) {
    const port = LOWEST + Math.floor(Math.random() * (end - LOWEST));
    if (await isFree(port)) return port;
  }
  throw new Error(`No free port found between ${LOWEST} and ${end}`);
};
