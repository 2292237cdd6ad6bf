export { createCommandApi, migrateCommandSchema, settledProfitFromReadModel, type CommandApiDeps } from './app';
export { readConfig, readSignInConfig, type CommandApiConfig, type SignInConfig } from './config';
