import { commandLine } from '@bt/platform/cli';

/**
 * `npm run data-keys:rewrap`: the last step of rotating the master key (docs/operate.md). With
 * `DATA_KEYS_MASTER=1:<old>,2:<new>` it wraps every user's data key still wrapped by an older
 * version again with the newest, in DATABASE_URL's schema `keys` (else the embedded default's);
 * afterwards the old version can be dropped. Safe to re-run: a key already under the newest is left.
 */
commandLine({
  usage: 'npm run data-keys:rewrap',
  about: [
    "Wraps every user's data key held under an older master key version again with the newest one in DATA_KEYS_MASTER,",
    'so the older versions can be dropped. Safe to re-run.',
  ].join('\n'),
  options: {},
});
const [{ createKeyStore, parseMasterKeys, useEmbeddedDefault }, { readConfig }, { dataKeysMaster }] = await Promise.all([
  import('@bt/event-store'),
  import('./config'),
  import('@bt/platform'),
]);
const config = readConfig();
const embedded = config.databaseUrl ? undefined : await useEmbeddedDefault({ dataDir: config.dataDir, port: config.pgPort });
const master = parseMasterKeys(await dataKeysMaster(config));
const keys = await createKeyStore({ connectionString: config.databaseUrl ?? embedded!.databaseUrl, master });
try {
  const rewrapped = await keys.rewrap();
  console.log(`rewrapped ${rewrapped} data keys with master key version ${master.current}`);
} finally {
  await keys.close();
  await embedded?.release();
}
