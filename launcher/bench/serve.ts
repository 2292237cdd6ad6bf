import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Serves a request handler on a free local port until `stop()`. */
export const serve = async (handler: RequestListener): Promise<{ url: string; stop(): Promise<void> }> => {
  const server = createServer(handler);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};
