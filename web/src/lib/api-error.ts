/** The one error shape every request fails with. */
export interface ApiError {
  /** HTTP status, or 'FETCH_ERROR' when no response came back (network down, aborted). */
  status: number | 'FETCH_ERROR';
  /** Generic message of spec section 8: "<status>: <response text or status text>". */
  message: string;
  /** The server's own `message` field, when the body was JSON carrying one. */
  serverMessage?: string;
  /** The answer's JSON body, when it had one (e.g. an import's report of bad rows). */
  body?: unknown;
}

export const isApiError = (error: unknown): error is ApiError =>
  typeof error === 'object' && error !== null && 'status' in error && 'message' in error;

/** The server's message for a failed call, else the fallback (the toasts "server message, else ..."). */
export const serverMessageOr = (error: unknown, fallback: string): string => (isApiError(error) && error.serverMessage) || fallback;

/** True when the request got an HTTP answer (as opposed to a network failure). */
export const isHttpError = (error: unknown): error is ApiError & { status: number } =>
  isApiError(error) && typeof error.status === 'number';
