/**
 * Serves the built web app: hashed assets with long caching, the service worker and HTML without,
 * and index.html for every other non-API GET so the client router can take over.
 */
import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './types';

export function mountWebApp(app: OpenAPIHono<AppEnv>, distDir: string): void {
  const root = path.relative(process.cwd(), distDir) || '.';
  const indexFile = path.join(distDir, 'index.html');
  app.use(
    '/assets/*',
    serveStatic({
      root,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.use(
    '*',
    serveStatic({
      root,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'no-cache');
      },
    }),
  );
  app.get('*', (c) => {
    if (c.req.path.startsWith('/api/')) return c.notFound();
    if (!fs.existsSync(indexFile)) {
      return c.text('The web app is not built. Run `npm run build`.', 503);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(fs.readFileSync(indexFile, 'utf8'));
  });
}
