import { apiFetch, errorFromResponse } from './http';

/** Saves data as a file through the browser's download. */
export const saveBlob = (blob: Blob, filename: string): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
};

export interface DownloadRequest {
  /** Path below /api, e.g. '/events'. */
  url: string;
  accept: string;
  /** The saved file's name; else the answer's Content-Disposition name, else `fallbackName`. */
  filename?: string;
  fallbackName: string;
  /** Bytes received so far, after each chunk. */
  onProgress?: (bytes: number) => void;
}

/**
 * GET with the app's auth (apiFetch), read chunk by chunk so the bytes received so far can be
 * shown, then saved as a file. Resolves to the file's size; throws an ApiError on failure.
 */
export const downloadFile = async (request: DownloadRequest): Promise<number> => {
  const result = await apiFetch({ url: request.url, accept: request.accept });
  if ('error' in result) throw result.error;
  const { response } = result;
  if (!response.ok) throw errorFromResponse(response, await response.text());
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      request.onProgress?.(received);
    }
  }
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const filename = request.filename ?? /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? request.fallbackName;
  saveBlob(new Blob(chunks, { type: response.headers.get('Content-Type') ?? request.accept }), filename);
  return received;
};

/** A file size as people read it: "734 B", "12.3 KB", "1.2 MB" (decimal units, as browsers show downloads). */
export const formatBytes = (bytes: number): string => {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} KB`;
  if (bytes < 1_000_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${(bytes / 1_000_000_000).toFixed(1)} GB`;
};
