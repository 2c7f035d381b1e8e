// Runs PGlite off the request thread: a worker thread owns the database and serves the
// PostgreSQL wire protocol on a Unix socket inside the data folder (mode 0700), so the main
// thread talks to it with the same `pg` driver it uses for PostgreSQL.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

const { pgdataDir, socketPath } = workerData;

try {
  const db = await PGlite.create(pgdataDir, { extensions: { btree_gist, pg_trgm, unaccent } });
  // The server's pg pool holds one client; a few slots let the client it replaces after an error
  // reconnect while the old socket is still closing. PGlite runs one statement at a time anyway.
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 4 });
  await server.start();
  parentPort.postMessage({ type: 'ready' });
  parentPort.on('message', async (message) => {
    if (message !== 'close') return;
    try {
      await server.stop();
      await db.exec('CHECKPOINT');
      await db.close();
      parentPort.postMessage({ type: 'closed' });
    } catch (error) {
      parentPort.postMessage({ type: 'error', message: String(error?.message ?? error) });
    }
  });
} catch (error) {
  parentPort.postMessage({ type: 'error', message: String(error?.message ?? error) });
}
