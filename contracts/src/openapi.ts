import { z } from 'zod';
import { LOG_POSITION_HEADER, MIN_POSITION_HEADER, READ_MODELS_BEHIND_HEADER } from './domain/position';
import {
  analytics,
  betChange,
  betRow,
  goal,
  goalWritten,
  importPreview,
  importReport,
  journalEntry,
  messageResponse,
  parlay,
  stats,
  streakStats,
  user,
} from './responses';
import { bankroll } from './bankroll';
import { API_ROUTES, type ApiRoute } from './api';

/** Error statuses a route may answer, with `{ message }`. */
const errorStatuses = (route: ApiRoute): Array<[number, string]> => {
  const refs = route.path.includes('{');
  const writes = route.method !== 'get';
  const statuses: Array<[number, string, boolean]> = [
    [400, 'Invalid request', Boolean(route.body || route.query) || refs || writes],
    [401, 'Authentication required', route.auth],
    [404, 'Not found (or another user’s)', refs],
    [
      409,
      'Conflict: a stale If-Match, or the same Idempotency-Key still running',
      route.method === 'put' || route.method === 'delete' || Boolean(route.idempotent),
    ],
    [413, 'Body too large', Boolean(route.body)],
    [415, 'Unsupported content type', Boolean(route.body)],
    [422, 'Idempotency-Key reused with another request', Boolean(route.idempotent)],
    [429, 'Too many attempts or heavy reads (Retry-After)', true],
    [503, 'Busy or unavailable (Retry-After)', true],
  ];
  return statuses.filter(([, , applies]) => applies).map(([status, description]) => [status, description]);
};

/** Registers every schema of the table under a stable name, so the document shares them as components. */
const NAMED: ReadonlyArray<[string, z.ZodType]> = [
  ['User', user],
  ['Bet', betRow],
  ['Parlay', parlay],
  ['Goal', goal],
  ['GoalWritten', goalWritten],
  ['JournalEntry', journalEntry],
  ['Stats', stats],
  ['StreakStats', streakStats],
  ['Analytics', analytics],
  ['Bankroll', bankroll],
  ['BetChange', betChange],
  ['ImportReport', importReport],
  ['ImportPreview', importPreview],
  ['Message', messageResponse],
];

const operationId = (route: ApiRoute) =>
  route.method +
  route.path
    .replace(/^\/api/, '')
    .split(/[/.{}-]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

type JsonSchema = Record<string, unknown>;

/** Components for one direction (request bodies are read as input, answers as output). */
const components = (io: 'input' | 'output', schemas: ReadonlyArray<[string, z.ZodType]>) => {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of schemas) if (!registry.has(schema)) registry.add(schema, { id });
  const out = z.toJSONSchema(registry, { io, unrepresentable: 'any', uri: (id) => `#/components/schemas/${id}` });
  const cleaned: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(out.schemas)) {
    const { $schema: _s, $id: _i, ...rest } = schema as JsonSchema;
    cleaned[id] = rest;
  }
  return { cleaned, idOf: (schema: z.ZodType) => registry.get(schema)?.id };
};

/** The OpenAPI 3.1 document of API_ROUTES. */
export const openApiDocument = (): JsonSchema => {
  const outputs: Array<[string, z.ZodType]> = [...NAMED];
  const inputs: Array<[string, z.ZodType]> = [];
  for (const route of API_ROUTES) {
    const id = operationId(route);
    for (const [status, answer] of Object.entries(route.responses)) {
      if (answer.schema && !NAMED.some(([, s]) => s === answer.schema)) outputs.push([`${id}${status}`, answer.schema]);
    }
    if (route.body?.contentType !== 'text/csv' && route.body) inputs.push([`${id}Body`, route.body.schema]);
  }
  const answers = components('output', outputs);
  const bodies = components('input', inputs);
  const schemas = { ...answers.cleaned, ...bodies.cleaned };
  const ref = (id: string | undefined) => ({ $ref: `#/components/schemas/${id}` });

  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of API_ROUTES) {
    const parameters: unknown[] = [];
    for (const name of route.path.match(/\{(\w+)\}/g) ?? []) {
      const param = name.slice(1, -1);
      // Ids are UUIDs; a parlay leg is named by its place in the parlay (0 first).
      const schema = param === 'index' ? { type: 'integer', minimum: 0 } : { type: 'string', format: 'uuid' };
      parameters.push({ name: param, in: 'path', required: true, schema });
    }
    if (route.query) {
      const query = z.toJSONSchema(route.query, { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, JsonSchema> };
      for (const [name, schema] of Object.entries(query.properties)) parameters.push({ name, in: 'query', required: false, schema });
    }
    if (route.method === 'get' && route.auth) {
      parameters.push({
        name: MIN_POSITION_HEADER,
        in: 'header',
        required: false,
        description: 'Wait (up to 3 s) until the read models have reached this log position',
        schema: { type: 'string', pattern: '^\\d+\\.\\d+$' },
      });
    }
    if (route.method === 'put' || route.method === 'delete') {
      parameters.push({
        name: 'If-Match',
        in: 'header',
        required: false,
        description: 'The row’s version: "3", W/"3" or 3',
        schema: { type: 'string' },
      });
    }
    if (route.idempotent) {
      parameters.push({ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 200 } });
    }
    const responses: Record<string, unknown> = {};
    for (const [status, answer] of Object.entries(route.responses)) {
      const headers =
        route.service === 'command-api'
          ? { [LOG_POSITION_HEADER]: { description: 'The log position of the write', schema: { type: 'string' } } }
          : route.service === 'query-api'
            ? {
                [READ_MODELS_BEHIND_HEADER]: {
                  description: 'Present (true) when the user’s read models are set aside',
                  schema: { type: 'string' },
                },
              }
            : undefined;
      responses[status] = {
        description: answer.description,
        ...(headers ? { headers } : {}),
        content: answer.schema
          ? { 'application/json': { schema: ref(answers.idOf(answer.schema)) } }
          : { [answer.contentType ?? 'text/plain']: { schema: { type: 'string' } } },
      };
    }
    for (const [status, description] of errorStatuses(route)) {
      responses[status] ??= { description, content: { 'application/json': { schema: ref('Message') } } };
    }
    responses.default = { description: 'Error', content: { 'application/json': { schema: ref('Message') } } };
    (paths[route.path] ??= {})[route.method] = {
      operationId: operationId(route),
      tags: [route.tag],
      summary: route.summary,
      ...(parameters.length ? { parameters } : {}),
      ...(route.body
        ? {
            requestBody: {
              required: route.body.contentType !== 'text/csv',
              content:
                route.body.contentType === 'text/csv'
                  ? { 'text/csv': { schema: { type: 'string' } } }
                  : { 'application/json': { schema: ref(bodies.idOf(route.body.schema)) } },
            },
          }
        : {}),
      ...(route.auth ? {} : { security: [] }),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Bet Tracker API',
      version: '1',
      description:
        'One origin: GET /api/* is answered by query-api, every other method by command-api. Errors are JSON `{ message }`. See docs/api.md for the rules every route follows.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    tags: [...new Set(API_ROUTES.map((r) => r.tag))].map((name) => ({ name })),
    paths,
    components: { schemas, securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
  };
};
