export { createCommandApi, migrateCommandSchema, settledProfitFromReadModel, type CommandApiDeps } from './app';
export { readConfig, type CommandApiConfig } from './config';
