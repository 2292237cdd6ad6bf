import { LOG_POSITION_HEADER, type CsvMapping } from '@bt/contracts';
import type { ApiError } from '../../../lib/api-error';
import { noteServerAnswer } from '../../../lib/connectivity';
import { errorFromResponse, IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../../lib/http';
import { noteLogPosition } from '../../../lib/log-position';
import { readToken } from '../../../lib/session';

export interface UploadOptions {
  /** Our field names to the file's headers (`?mapping=`); none: read by the headers' own names. */
  mapping?: CsvMapping;
  /** `?dryRun=1`: the server answers a preview and writes nothing. */
  dryRun?: boolean;
  /** The share of the file sent so far, 0 to 1 (XHR upload progress). */
  onProgress?: (sent: number) => void;
}

/**
 * POST /api/import/bets with the file as the body, by XMLHttpRequest (fetch reports no upload
 * progress): the bearer token, an Idempotency-Key, X-Log-Position noted. Resolves with the parsed
 * answer of a 2xx; rejects with an ApiError otherwise (a 422's body keeps the refused rows).
 */
export const uploadImport = (file: Blob, { mapping, dryRun, onProgress }: UploadOptions = {}): Promise<unknown> =>
  new Promise((resolve, reject) => {
    const search = new URLSearchParams();
    if (dryRun) search.set('dryRun', '1');
    if (mapping && Object.keys(mapping).length > 0) search.set('mapping', JSON.stringify(mapping));
    const query = search.toString();
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/import/bets${query ? `?${query}` : ''}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', 'text/csv');
    xhr.setRequestHeader(IDEMPOTENCY_HEADER, newIdempotencyKey());
    const token = readToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => {
      noteServerAnswer('network');
      reject({ status: 'FETCH_ERROR', message: 'The upload did not reach the server' } satisfies ApiError);
    };
    xhr.onload = () => {
      noteLogPosition(xhr.getResponseHeader(LOG_POSITION_HEADER));
      noteServerAnswer(xhr.status);
      const response = new Response(null, { status: xhr.status, statusText: xhr.statusText });
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(errorFromResponse(response, xhr.responseText));
        return;
      }
      try {
        resolve(JSON.parse(xhr.responseText) as unknown);
      } catch {
        reject(errorFromResponse(response, xhr.responseText));
      }
    };
    xhr.send(file);
  });
