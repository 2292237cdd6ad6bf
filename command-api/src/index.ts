export { createCommandApi, migrateCommandSchema, type CommandApiDeps } from './app';
export { readConfig, readSignInConfig, type CommandApiConfig, type SignInConfig } from './config';
