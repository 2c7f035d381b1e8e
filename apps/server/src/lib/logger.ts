/**
 * Server logs (pino). They never carry patient data: request logs hold method, route, status,
 * duration, request id and user id; bodies, query strings, cookies and auth headers are never logged.
 */
import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'painlab' },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        '*.password',
        '*.email',
        '*.token',
        'password',
        'email',
        'token',
      ],
      censor: '[redacted]',
    },
  });
}
