/**
 * Test and bench helpers other workspaces use (`@bt/event-store/testing`): never imported by
 * production code, so they stay out of the package's index.
 */
export { createTestDatabase, type TestDatabase } from './postgres';
export { bulkInsertEvents, type BulkEvent } from '../postgres/bulk-insert';
export { waitFor } from '../postgres/int-test-helpers';
export { unusedPort } from '../postgres/ports';
