export { createCommandApi, migrateCommandSchema, type CommandApiDeps } from './app';
export type { CommandDatabase } from './db/schema';
export { createUnitSizes, type UnitSizes } from './settings/unit-sizes';
export { readConfig, readImportConfig, readSignInConfig, type CommandApiConfig, type SignInConfig } from './config';
export {
  createImportSlots,
  startImportSweeper,
  DEFAULT_IMPORTS_AT_ONCE,
  type ImportSlots,
  type ImportSweeper,
} from './imports/import-slots';
