/**
 * What `npm start` prints once the server answers: where it runs, on which database, and the demo
 * accounts. The password is printed only when it is the README's published one (never in
 * production, where env.ts refuses it): a password set with DEMO_PASSWORD is an administrator's
 * password, and the console is a log (issue 22 item 14).
 */
import { baseUrlOf, DOCUMENTED_DEMO_PASSWORD, type Env } from './env';
import { DEMO_ACCOUNTS } from './modules/users/users.seed';

export function startBanner(env: Env): string[] {
  const database = env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${env.DATA_DIR}`;
  const lines = [
    '',
    `  ${env.CLINIC_NAME} is running at ${baseUrlOf(env)}  (database: ${database})`,
  ];
  if (env.SEED_DEMO) {
    const published = env.DEMO_PASSWORD === DOCUMENTED_DEMO_PASSWORD;
    lines.push(
      published
        ? `  Demo accounts (password: ${env.DEMO_PASSWORD}):`
        : '  Demo accounts (password: the one set in DEMO_PASSWORD):',
    );
    for (const account of DEMO_ACCOUNTS)
      lines.push(`    ${account.role.padEnd(11)} ${account.email}`);
  }
  lines.push('');
  return lines;
}
