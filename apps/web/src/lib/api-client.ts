/**
 * The one way the web app calls its API: same origin, cookies, `Accept-Language` = the current UI
 * language (the server translates error messages with it), errors turned into `ApiError` from the
 * envelope `{ error: { code, message, requestId?, details? } }`.
 */
import type { ErrorEnvelope, FieldIssue } from '@painlab/shared/errors';
import { leaveForEnrolment, leaveForStepUp } from './step-up';

let languageProvider: () => string = () => 'en';

/** Called once by the i18n setup so every request carries the UI language. */
export function setLanguageProvider(provider: () => string): void {
  languageProvider = provider;
}

export function currentRequestLanguage(): string {
  return languageProvider();
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId?: string,
    readonly details?: FieldIssue[],
    /** `error.details` when it is not a list of field issues (e.g. `{ matches: [...] }` of `duplicate_patient`). */
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** Network failure (no response at all). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

/** An error body (the envelope, or anything else) as an `ApiError`, for callers not using fetch (XHR). */
export function apiErrorFromBody(status: number, statusText: string, body: unknown): ApiError {
  const envelope = parseErrorEnvelope(body);
  if (envelope)
    return new ApiError(
      status,
      envelope.code,
      envelope.message,
      envelope.requestId,
      envelope.details,
    );
  return new ApiError(
    status,
    status >= 500 ? 'internal_error' : 'bad_request',
    statusText || `HTTP ${status}`,
  );
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** Anything with `parse` (a zod schema from `@painlab/shared`, or a small hand-written parser). */
export type Parser<T> = { parse: (value: unknown) => T };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads the error envelope without zod, so the public pages' bundle stays small. The shape is
 * `errorEnvelopeSchema` of `@painlab/shared/errors`.
 */
export function parseErrorEnvelope(body: unknown): ErrorEnvelope['error'] | null {
  if (!isRecord(body) || !isRecord(body.error)) return null;
  const { code, message, requestId, details } = body.error;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  const issues = Array.isArray(details)
    ? details.filter(
        (d): d is FieldIssue =>
          isRecord(d) &&
          typeof d.path === 'string' &&
          typeof d.code === 'string' &&
          typeof d.message === 'string',
      )
    : undefined;
  return {
    code: code as ErrorEnvelope['error']['code'],
    message,
    requestId: typeof requestId === 'string' ? requestId : undefined,
    details: issues,
  };
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // not JSON: fall through to the generic error
  }
  const envelope = parseErrorEnvelope(body);
  if (envelope) {
    const { code, message, requestId, details } = envelope;
    if (response.status === 403 && code === 'mfa_required') leaveForStepUp();
    if (response.status === 403 && code === 'mfa_enrolment_required') leaveForEnrolment();
    const raw = (body as { error: { details?: unknown } }).error.details;
    return new ApiError(
      response.status,
      code,
      message,
      requestId,
      details,
      isRecord(raw) ? raw : undefined,
    );
  }
  return new ApiError(
    response.status,
    response.status >= 500 ? 'internal_error' : 'bad_request',
    response.statusText || `HTTP ${response.status}`,
  );
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  keepalive?: boolean;
  /** `Accept` other than JSON (a CSV download). */
  accept?: string;
};

export async function apiRequest(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: options.accept ?? 'application/json',
    'Accept-Language': languageProvider(),
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error instanceof Error ? error.message : 'Network request failed');
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** GET/POST… and parse the JSON answer with `schema`. */
export async function apiJson<T>(
  path: string,
  schema: Parser<T>,
  options: RequestOptions = {},
): Promise<T> {
  const response = await apiRequest(path, options);
  const body: unknown = await response.json();
  return schema.parse(body);
}

export const api = {
  get: <T>(path: string, schema: Parser<T>, signal?: AbortSignal) =>
    apiJson(path, schema, { signal }),
  post: async (path: string, body: unknown, options: { keepalive?: boolean } = {}) => {
    await apiRequest(path, { method: 'POST', body, ...options });
  },
};
