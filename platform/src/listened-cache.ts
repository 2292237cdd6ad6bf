import { LRUCache } from 'lru-cache';
import type pg from 'pg';
import { createListener } from './listen';

/** A value and the version it was read or written at: a higher version is always the newer value. */
export interface Versioned<V> {
  version: number;
  value: V;
}

/**
 * A per-process cache of values that only move forward (each with a version), kept fresh by LISTEN
 * on one channel: whoever changes a value NOTIFYs its key and new version, and every process takes
 * the newer of what it holds and what it is told. A cached value is only as good as the LISTEN
 * connection behind it: the cache is emptied when it drops, and a value read while not listening
 * (or across a reconnect) is not kept. Since values only grow, a read that lands after a newer
 * notification cannot bring an old value back. Without `newClient` nothing is cached: every `get`
 * reads. The sessions registry and command-api's unit sizes use it.
 */
export interface ListenedCache<V> {
  /** The key's cached value, else what `read` answers (kept when this process listened all through the read). */
  get(key: string, read: () => Promise<Versioned<V> | undefined>): Promise<V | undefined>;
  /** A version this process wrote itself: taken now where the key is cached (the others hear of it by NOTIFY). */
  advance(key: string, versioned: Versioned<V>): void;
  /** Ends the LISTEN connection and forgets everything. */
  close(): Promise<void>;
}

export interface ListenedCacheOptions<V> {
  /** A new, unconnected client for the one LISTEN connection; without it nothing is cached. */
  newClient?: () => pg.Client;
  channel: string;
  /** A notification's key and version, or undefined for a payload that is not one. */
  parse: (payload: string) => [string, Versioned<V>] | undefined;
  /** Keys a process keeps. */
  max: number;
  /** How long a value is kept at most (a writer that died between its write and its NOTIFY); for ever unless given. */
  ttlMs?: number;
}

export const createListenedCache = <V>(options: ListenedCacheOptions<V>): ListenedCache<V> => {
  const cache = new LRUCache<string, Versioned<V>>({ max: options.max, ...(options.ttlMs ? { ttl: options.ttlMs } : {}) });
  let live = false;
  let epoch = 0;
  let closed = false;
  const remember = (key: string, versioned: Versioned<V>) => {
    const held = cache.get(key);
    if (!held || held.version < versioned.version) cache.set(key, versioned);
  };
  const forgetAll = (listening: boolean) => {
    live = listening;
    epoch += 1;
    cache.clear();
  };
  const listener =
    options.newClient &&
    createListener({
      newClient: options.newClient,
      channel: options.channel,
      onPayload: (payload) => {
        const parsed = options.parse(payload ?? '');
        if (parsed) remember(...parsed);
      },
      onConnected: () => forgetAll(true),
      onDropped: () => forgetAll(false),
    });
  const listen = () => {
    if (closed || !listener) return;
    listener.ready().catch(() => undefined); // the next miss tries again; meanwhile every get reads
  };

  return {
    async get(key, read) {
      const cached = cache.get(key);
      if (cached !== undefined) return cached.value;
      listen();
      const since = live ? epoch : undefined;
      const versioned = await read();
      if (versioned === undefined) return undefined;
      if (since !== undefined && live && epoch === since) remember(key, versioned);
      return versioned.value;
    },
    advance(key, versioned) {
      if (cache.has(key)) remember(key, versioned);
    },
    async close() {
      closed = true;
      live = false;
      cache.clear();
      await listener?.close();
    },
  };
};
