/** `npm start`: serve the product; SIGINT/SIGTERM close the database cleanly. */
import { loadEnv } from './env';
import { createLogger } from './lib/logger';
import { startServer } from './server';
import { startBanner } from './start-banner';

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

  for (const line of startBanner(env)) console.log(line);

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
