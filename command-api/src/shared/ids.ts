import { v5 as uuidv5 } from 'uuid';

/** Namespace of the name-based ids command-api derives (fixed forever: changing it breaks dedup). */
const NAMESPACE = '6f1d8a52-3c1e-4f0b-9a57-2b8f4c0de913';

/**
 * The same name always gives the same id. Used where a retry must find what its first attempt
 * made: (user, Idempotency-Key) for a POST, (user, row content) for a CSV import.
 */
export const derivedId = (...parts: string[]): string => uuidv5(JSON.stringify(parts), NAMESPACE);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (text: string): boolean => UUID.test(text);
