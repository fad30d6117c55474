import { vi } from 'vitest';

/** One upload the page sent through the stand-in XMLHttpRequest, moved on by the test. */
export interface FakeUpload {
  /** Where it was sent. */
  url: string;
  /** What was sent: the fields, then the file. */
  form: FormData | null;
  /** The browser reports `percent` of the file sent. */
  progress: (percent: number) => void;
  /** The file is sent and the server answers: a body that is not text is sent as JSON. */
  answer: (status: number, body: unknown) => void;
  /** The server could not be reached. */
  fail: () => void;
}

/**
 * Stands in for the browser's XMLHttpRequest (what `uploadFile` sends files with). Each upload
 * waits until the test moves it on, so the screen's progress can be seen; with `answerEach`, every
 * upload is half sent and answered as soon as it is sent. Returns the uploads in the order sent.
 */
export function stubUploads(answerEach?: { status: number; body: unknown } | 'unreachable'): FakeUpload[] {
  const uploads: FakeUpload[] = [];
  class FakeXhr implements FakeUpload {
    status = 0;
    responseText = '';
    responseType = '';
    url = '';
    form: FormData | null = null;
    upload: { onprogress?: (e: ProgressEvent) => void; onload?: () => void } = {};
    onload?: () => void;
    onerror?: () => void;
    ontimeout?: () => void;
    onabort?: () => void;
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    abort() {
      this.onabort?.();
    }
    send(form: FormData) {
      this.form = form;
      uploads.push(this);
      if (!answerEach) return;
      this.progress(50);
      if (answerEach === 'unreachable') this.fail();
      else this.answer(answerEach.status, answerEach.body);
    }
    progress(percent: number) {
      this.upload.onprogress?.({ lengthComputable: true, loaded: percent, total: 100 } as ProgressEvent);
    }
    answer(status: number, body: unknown) {
      this.upload.onload?.();
      this.status = status;
      this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
      this.onload?.();
    }
    fail() {
      this.upload.onload?.();
      this.onerror?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return uploads;
}
