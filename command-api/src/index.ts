export { createCommandApi, migrateCommandSchema, type CommandApiDeps } from './app';
export { createUnitSizes, type UnitSizes } from './settings/unit-sizes';
export { readConfig, readSignInConfig, type CommandApiConfig, type SignInConfig } from './config';
