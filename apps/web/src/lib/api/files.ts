import { MESSAGES } from '@fleet/contract';
import { ApiError, buildUrl } from './client';

type Query = Record<string, string | number | undefined>;

/** The file name of a Content-Disposition header, or the fallback. */
function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('Content-Disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/**
 * Downloads a file the server builds (an .xlsx export) and hands it to the browser as a download.
 * A JSON error answer is read for its responseMessage.
 */
export function downloadFile(path: string, query: Query, fallbackName: string): Promise<void> {
  return downloadUrl(buildUrl(path, query), fallbackName);
}

/** Downloads a same-origin URL the API answered with (a trip report) as `downloadFile` does. */
export async function downloadUrl(url: string, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'include' });
  } catch {
    throw new ApiError(0, 'The server could not be reached.', 'network');
  }
  if (!response.ok) {
    let message: string = MESSAGES.http.internal;
    try {
      // The envelope's reason: `responseMessage`, or `message` of the `{success: false}` calls.
      const json = (await response.json()) as { responseMessage?: unknown; message?: unknown };
      if (typeof json.responseMessage === 'string') message = json.responseMessage;
      else if (typeof json.message === 'string') message = json.message;
    } catch {
      // Not JSON: keep the generic message.
    }
    throw new ApiError(response.status, message, 'http');
  }
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileNameOf(response, fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start the download asynchronously.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}

/**
 * Uploads one file as multipart/form-data (field "file") and returns the envelope's `data`.
 * XMLHttpRequest, not fetch, because only it reports upload progress.
 */
export function uploadFile(
  path: string,
  file: File,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, 'The server could not be reached.', 'network'));
    xhr.onabort = () => reject(new ApiError(0, 'The upload was cancelled.', 'network'));
    xhr.onload = () => {
      let json: unknown;
      try {
        json = JSON.parse(xhr.responseText) as unknown;
      } catch {
        json = undefined;
      }
      const envelope = (typeof json === 'object' && json !== null ? json : {}) as {
        responseCode?: unknown;
        responseMessage?: unknown;
        data?: unknown;
      };
      const message =
        typeof envelope.responseMessage === 'string' ? envelope.responseMessage : MESSAGES.http.internal;
      if (xhr.status >= 200 && xhr.status < 300 && envelope.responseCode === 1) {
        onProgress?.(100);
        resolve(envelope.data);
      } else {
        reject(new UploadError(xhr.status, message, envelope.data ?? json));
      }
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

/** A refused upload; `details` is the answer's body (an import's row errors live there). */
export class UploadError extends ApiError {
  constructor(
    status: number,
    message: string,
    readonly details: unknown,
  ) {
    super(status, message, 'http');
  }
}
