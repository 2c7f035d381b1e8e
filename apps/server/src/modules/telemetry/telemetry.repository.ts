import type { z } from '@hono/zod-openapi';
import type { Db } from '../../db/client';
import { webVital } from '../../db/schema';
import type { vitalsBodySchema } from './telemetry.schemas';

type Metric = z.infer<typeof vitalsBodySchema>['metrics'][number];

/** Stores the path without query string or fragment, which could carry search terms. */
export async function insertVitals(db: Db, metrics: Metric[]): Promise<void> {
  await db.insert(webVital).values(
    metrics.map((m) => ({
      name: m.name,
      value: m.value,
      rating: m.rating,
      path: m.path.split(/[?#]/)[0] ?? '/',
      navigationType: m.navigationType ?? null,
    })),
  );
}
