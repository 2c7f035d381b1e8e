import type { OpenAPIHono } from '@hono/zod-openapi';
import { MATRIX, RESOURCES } from '@painlab/shared/permissions';
import { mfaGateOf } from '../../http/access';
import type { AppEnv, Deps } from '../../http/types';
import { mfaRuleFor } from '../mfa/mfa.service';
import { meRoute } from './me.routes';

export function registerMe(app: OpenAPIHono<AppEnv>, deps: Deps): void {
  app.openapi(meRoute, async (c) => {
    const session = c.get('session')!; // the guard let only signed-in users through
    const absoluteMs = deps.env.SESSION_ABSOLUTE_HOURS * 3_600_000;
    const granted = MATRIX[session.role];
    const rule = await mfaRuleFor(deps, session.role);
    const { gate, enrolBy } = mfaGateOf(session, rule);
    const permissions = Object.fromEntries(
      RESOURCES.map((resource) => [resource, [...(granted[resource] ?? [])]]),
    ) as Record<(typeof RESOURCES)[number], ('view' | 'create' | 'edit' | 'delete')[]>;
    return c.json(
      {
        user: session.user,
        role: session.role,
        permissions,
        session: {
          expiresAt: session.expiresAt.toISOString(),
          absoluteExpiresAt: new Date(session.createdAt.getTime() + absoluteMs).toISOString(),
          expiresInMs: Math.max(0, session.expiresAt.getTime() - Date.now()),
          idleMinutes: deps.env.SESSION_IDLE_MINUTES,
        },
        mfa: {
          aal: session.aal,
          enrolled: session.mfaEnrolled,
          twoFactor: session.twoFactorEnabled,
          required: rule.required,
          stepUpNeeded: gate === 'step_up',
          enrolBy: enrolBy?.toISOString() ?? null,
          enrolmentNeeded: gate === 'enrol',
        },
      },
      200,
    );
  });
}
