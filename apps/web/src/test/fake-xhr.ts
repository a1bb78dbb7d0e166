import { vi } from 'vitest';

export interface FakeUpload {
  url: string;
  file: File | null;
  /** Reports upload progress, then answers with `status` and the JSON `body`. */
  respond: (status: number, body: unknown) => void;
  progress: (loaded: number, total: number) => void;
}

/**
 * Replaces XMLHttpRequest (used for uploads, for their progress events) with a fake whose requests
 * the test answers by hand. Returns the list of requests made so far.
 */
export function fakeXhr(): FakeUpload[] {
  const requests: FakeUpload[] = [];
  class FakeXMLHttpRequest {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    abort() {
      this.onabort?.();
    }
    send(body: FormData) {
      const file = body.get('file');
      requests.push({
        url: this.url,
        file: file instanceof File ? file : null,
        progress: (loaded, total) =>
          this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent),
        respond: (status, answer) => {
          this.status = status;
          this.responseText = JSON.stringify(answer);
          this.onload?.();
        },
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
  return requests;
}
