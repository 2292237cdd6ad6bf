export * from './http/errors';
export * from './http/auth';
export * from './http/position';
export * from './http/security';
export * from './config';
export * from './db';
export * from './secrets';
export * from './sessions';
