export { createCommandApi, migrateCommandSchema, type CommandApiDeps } from './app';
export type { CommandDatabase } from './db/schema';
export { createUnitSizes, type UnitSizes } from './settings/unit-sizes';
export {
  readConfig,
  readImportConfig,
  readMailConfig,
  readSignInConfig,
  type CommandApiConfig,
  type MailConfig,
  type SignInConfig,
} from './config';
export {
  createImportSlots,
  startImportSweeper,
  DEFAULT_IMPORTS_AT_ONCE,
  type ImportSlots,
  type ImportSweeper,
} from './imports/import-slots';
export { createPlanThreads } from './imports/plan-threads';
export { createMailer, type Mailer, type MailRoute } from './shared/mailer';
export { createProcessOwner, type ProcessOwner } from './shared/process-owner';
