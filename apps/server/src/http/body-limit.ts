/**
 * A request body larger than `maxSize` bytes is refused with our 413 envelope before a handler
 * reads it. The rest of the body is not read, so the connection cannot be reused: it is closed.
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { errorBody } from './errors';
import type { AppEnv } from './types';

export function limitBody(maxSize: number): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize,
    onError: (c) => {
      c.header('Connection', 'close');
      return c.json(errorBody(c, 'payload_too_large'), 413);
    },
  });
}
