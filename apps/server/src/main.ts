/** `npm start`: serve the product; SIGINT/SIGTERM close the database cleanly. */
import { baseUrlOf, loadEnv } from './env';
import { createLogger } from './lib/logger';
import { DEMO_ACCOUNTS } from './modules/users/users.seed';
import { startServer } from './server';

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const logger = createLogger(env.LOG_LEVEL);
  let running;
  try {
    running = await startServer(env, logger);
  } catch (error) {
    logger.fatal(
      { err: { name: (error as Error).name, message: (error as Error).message } },
      'start failed',
    );
    console.error(`\nPain Lab could not start: ${(error as Error).message}\n`);
    process.exit(1);
  }

  const database = env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${env.DATA_DIR}`;
  console.log(`\n  ${env.CLINIC_NAME} is running at ${baseUrlOf(env)}  (database: ${database})`);
  if (env.SEED_DEMO) {
    console.log(`  Demo accounts (password: ${env.DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS)
      console.log(`    ${account.role.padEnd(11)} ${account.email}`);
  }
  console.log('');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown timed out');
      process.exit(1);
    }, 15_000);
    timer.unref();
    try {
      await running.close();
      console.log('Database closed cleanly.');
      process.exit(0);
    } catch (error) {
      logger.error({ err: (error as Error).message }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

void main();
