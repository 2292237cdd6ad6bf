import { z } from 'zod';
import { messageResponse } from './responses';
import { API_ROUTES, type ApiRoute } from './api';

/** The route of the table a request reached (path without its query), if any. */
export const findApiRoute = (method: string, path: string): ApiRoute | undefined => {
  const bare = path.split('?')[0]!;
  const m = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
  return API_ROUTES.find(
    (route) => route.method === m && new RegExp(`^${route.path.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`).test(bare),
  );
};

/**
 * Checks one HTTP answer against the document: a JSON answer must match the schema documented
 * for its status (errors, and any status not listed, are `{ message }`), other answers their
 * content type. Returns what is wrong, or undefined when it conforms. HEAD answers have no body.
 */
export const checkAnswer = (answer: {
  method: string;
  path: string;
  status: number;
  contentType: string | null;
  body: unknown;
}): string | undefined => {
  const where = `${answer.method} ${answer.path} → ${answer.status}`;
  if (answer.method.toUpperCase() === 'HEAD' || answer.status === 204 || answer.status === 304) return undefined;
  const route = findApiRoute(answer.method, answer.path);
  const documented = route?.responses[answer.status];
  const type = (answer.contentType ?? '').split(';')[0]!.trim();
  if (documented?.contentType) {
    return type === documented.contentType ? undefined : `${where}: content type ${type}, documented ${documented.contentType}`;
  }
  if (!documented && answer.status < 400 && route) return `${where}: status not documented`;
  const schema = documented?.schema ?? messageResponse;
  if (type !== 'application/json') return `${where}: content type ${type || 'none'}, documented application/json`;
  const result = schema.safeParse(answer.body);
  return result.success ? undefined : `${where}: ${z.prettifyError(result.error)}`;
};
