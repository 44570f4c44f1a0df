import { CODE, type Envelope } from '@cpm/contracts';
import { pickMessage } from '../../api/pickMessage';
import type { AppLanguage } from '../../i18n/detectLanguage';

/** How a failed upload ended: the server refused (its envelope), the network failed, or it was cancelled. */
export type SendFailure =
  | { kind: 'refused'; code: number; text: string }
  | { kind: 'network' }
  | { kind: 'aborted' };

/** A rejected upload; `failure` says why. */
export class SendFileError extends Error {
  readonly failure: SendFailure;
  constructor(failure: SendFailure) {
    super(failure.kind === 'refused' ? failure.text : failure.kind);
    this.name = 'SendFileError';
    this.failure = failure;
  }
}

export type SendFileOptions = {
  /** Path of the multipart endpoint. */
  url: string;
  file: File;
  /** Form field of the file (`file` by default). */
  fieldName?: string;
  /** Other form fields, sent before the file so the server reads them first. */
  fields?: Record<string, string>;
  token: string | null;
  language: AppLanguage;
  timeZone?: string;
  /** Bytes sent so far and the total, from the browser's upload progress events. */
  onProgress?: (loaded: number, total: number) => void;
  /** Builds the request; the browser's XMLHttpRequest by default. */
  createXhr?: () => XMLHttpRequest;
};

const isEnvelope = (v: unknown): v is Envelope<unknown> =>
  typeof v === 'object' && v !== null && 'code' in v && typeof (v as { code: unknown }).code === 'number';

/**
 * Sends one file as multipart/form-data with XMLHttpRequest, the one browser API with upload
 * progress. The form holds the File itself, so the browser streams it from disk. Headers follow the
 * console's HTTP client (`satoken`, `Timezone`); the answer is the envelope.
 */
export const sendFile = <T = unknown>(options: SendFileOptions) => {
  const xhr = options.createXhr?.() ?? new XMLHttpRequest();
  const promise = new Promise<T>((resolve, reject) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(options.fields ?? {})) form.append(key, value);
    form.append(options.fieldName ?? 'file', options.file, options.file.name);
    xhr.open('POST', options.url);
    xhr.setRequestHeader('Timezone', options.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
    if (options.token) xhr.setRequestHeader('satoken', options.token);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) =>
      options.onProgress?.(e.loaded, e.lengthComputable ? e.total : options.file.size);
    xhr.onabort = () => reject(new SendFileError({ kind: 'aborted' }));
    xhr.onerror = () => reject(new SendFileError({ kind: 'network' }));
    xhr.ontimeout = () => reject(new SendFileError({ kind: 'network' }));
    xhr.onload = () => {
      let payload: unknown;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        reject(new SendFileError({ kind: 'network' }));
        return;
      }
      if (!isEnvelope(payload)) {
        reject(new SendFileError({ kind: 'network' }));
        return;
      }
      if (payload.code !== CODE.ok) {
        const text = pickMessage(payload, options.language);
        reject(new SendFileError({ kind: 'refused', code: payload.code, text }));
        return;
      }
      resolve(payload.result as T);
    };
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
};
