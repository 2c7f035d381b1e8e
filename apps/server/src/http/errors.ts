/** One error envelope, one error handler, one validation hook for every API route. */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import {
  errorMessage,
  pickLang,
  type ErrorCode,
  type ErrorEnvelope,
  type FieldIssue,
} from '@painlab/shared/errors';
import { DomainError } from '../lib/domain-error';
import type { Logger } from '../lib/logger';
import type { AppEnv } from './types';

/** Field issues, or (for `duplicate_patient`) a code's own details object. */
type Details = FieldIssue[] | Record<string, unknown>;

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    readonly params: Record<string, string> = {},
    readonly details?: Details,
  ) {
    super(code);
  }
}

/** The one map from a domain error's code to its HTTP status. */
export const STATUS_OF: Record<ErrorCode, ContentfulStatusCode> = {
  bad_request: 400,
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  self_change_forbidden: 409,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  duplicate_patient: 409,
  transition_not_allowed: 409,
  slot_taken: 409,
  slot_unavailable: 409,
  series_conflict: 409,
  cancel_notice_passed: 409,
  plan_already_active: 409,
  mfa_required: 403,
  mfa_enrolment_required: 403,
  mfa_not_enrolled: 409,
  mfa_self_reset_forbidden: 409,
  invitation_invalid: 404,
  invitation_expired: 410,
  invitation_used: 410,
  email_taken: 409,
  email_already_confirmed: 409,
  registration_closed: 403,
  payload_too_large: 413,
  unsupported_media_type: 415,
  invalid_text: 400,
  cross_origin_refused: 403,
  link_invalid: 404,
  link_expired: 410,
  link_used: 410,
  reminder_link_invalid: 404,
  reminder_link_expired: 410,
  reminder_link_used: 410,
  appointment_cancelled: 409,
  already_registered: 409,
  workshop_closed: 409,
  capacity_below_taken: 409,
  workshop_link_invalid: 404,
  workshop_link_expired: 410,
  workshop_link_used: 410,
  waitlist_duplicate: 409,
  waitlist_link_invalid: 404,
  waitlist_link_expired: 410,
  waitlist_link_used: 410,
  waitlist_slot_gone: 409,
  rate_limited: 429,
  internal_error: 500,
  module_unavailable: 501,
  service_unavailable: 503,
};

export function fromDomainError(error: DomainError): ApiError {
  return new ApiError(STATUS_OF[error.code], error.code, error.params, error.details);
}

export function errorBody(
  c: Context<AppEnv>,
  code: ErrorCode,
  params: Record<string, string> = {},
  details?: Details,
): ErrorEnvelope {
  const lang = c.get('lang') ?? pickLang(c.req.header('accept-language'));
  return {
    error: {
      code,
      message: errorMessage(code, lang, params),
      requestId: c.get('requestId'),
      ...(details ? { details: details as FieldIssue[] } : {}),
    },
  };
}

export function sendError(c: Context<AppEnv>, error: ApiError) {
  // a 429 says when to come back (DomainError.rateLimited carries the seconds)
  const wait = (error.details as { retryAfterS?: unknown } | undefined)?.retryAfterS;
  if (error.code === 'rate_limited' && typeof wait === 'number' && wait > 0)
    c.header('Retry-After', String(Math.ceil(wait)));
  return c.json(errorBody(c, error.code, error.params, error.details), error.status);
}

export function zodIssues(error: ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.join('.'),
    code: issue.code,
    message: issue.message,
  }));
}

/** Used as OpenAPIHono's defaultHook: invalid input is a 400 with field details, nothing runs. */
export function validationHook(
  result: { success: true } | { success: false; error: ZodError },
  c: Context<AppEnv>,
) {
  if (!result.success) {
    return c.json(errorBody(c, 'validation_failed', {}, zodIssues(result.error)), 400);
  }
  return undefined;
}

const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  429: 'rate_limited',
  503: 'service_unavailable',
};

/**
 * A failed query's message (drizzle: "Failed query: <sql>\nparams: <values>") without its values,
 * which can be patient data (a searched name, a phone number): logs never carry them.
 */
export function withoutParams(text: string | undefined): string | undefined {
  return text?.replace(/\nparams: [^\n]*/g, '\nparams: [redacted]');
}

/** The driver's or the server's error code, on the error itself (pg) or on its cause (drizzle). */
function errorCode(error: unknown): string | undefined {
  const own = (error as { code?: unknown } | null)?.code;
  if (typeof own === 'string') return own;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof cause === 'string' ? cause : undefined;
}

/**
 * The database cannot be reached or is going away (refused, reset or dropped connection; server
 * shutting down or out of connections): a 503 the client may retry, not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = errorCode(error);
  if (
    code &&
    (/^(08|57P0|53)/.test(code) ||
      ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOENT'].includes(code))
  )
    return true;
  const text = `${(error as Error | null)?.message ?? ''} ${(error as { cause?: Error } | null)?.cause?.message ?? ''}`;
  return /Connection terminated|connection timeout|Client has encountered a connection error/i.test(
    text,
  );
}

export function createErrorHandler(logger: Logger) {
  return (error: Error, c: Context<AppEnv>) => {
    if (error instanceof ApiError) return sendError(c, error);
    if (error instanceof DomainError) return sendError(c, fromDomainError(error));
    if (error instanceof HTTPException && error.status < 500) {
      const code = STATUS_CODES[error.status] ?? 'bad_request';
      return c.json(errorBody(c, code), error.status);
    }
    const code = errorCode(error);
    const unavailable = isDatabaseUnavailable(error);
    logger.error(
      {
        err: {
          name: error.name,
          message: withoutParams(error.message),
          stack: withoutParams(error.stack),
          ...(code ? { code } : {}),
        },
        requestId: c.get('requestId'),
      },
      unavailable ? 'database unavailable' : 'unhandled error',
    );
    return unavailable
      ? c.json(errorBody(c, 'service_unavailable'), 503)
      : c.json(errorBody(c, 'internal_error'), 500);
  };
}
