import { z } from '@hono/zod-openapi';

const contextValue = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);

export const clientLogsBodySchema = z.strictObject({
  entries: z
    .array(
      z.strictObject({
        level: z.enum(['debug', 'info', 'warn', 'error']),
        message: z.string().min(1).max(2000),
        context: z.record(z.string().max(64), contextValue).optional(),
        timestamp: z.iso.datetime(),
        path: z.string().max(300).optional(),
      }),
    )
    .min(1)
    .max(50),
});

export const vitalsBodySchema = z.strictObject({
  metrics: z
    .array(
      z.strictObject({
        name: z.enum(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']),
        value: z.number().finite().min(0).max(600_000),
        rating: z.enum(['good', 'needs-improvement', 'poor']),
        id: z.string().max(100),
        navigationType: z.string().max(40).optional(),
        path: z.string().max(300),
      }),
    )
    .min(1)
    .max(20),
});
