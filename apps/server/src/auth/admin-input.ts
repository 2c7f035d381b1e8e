/**
 * What better-auth's admin calls (`/api/auth/admin/*`) may be sent (issue 22 item 11). The plugin
 * takes a list of roles and stores it joined (`"admin,researcher"`), which it then reads as an
 * administrator while the app reads `user`; and it takes an object where an id belongs
 * (`{"$ne": null}`) and answers 200 having done nothing. Before the plugin runs: a role is one
 * role of SPEC §6, an id or a token is a string, `data` is an object. The `user.role` CHECK
 * (migration 0036) keeps anything else out of the table whatever the path.
 */
import { isRole } from '@painlab/shared/permissions';

const ID_FIELDS = ['userId', 'sessionToken', 'id'] as const;
const ID_MAX = 200;

/** The first field of an admin call's body that is not acceptable, or null. */
export function invalidAdminField(body: Record<string, unknown>): string | null {
  for (const field of ID_FIELDS) {
    const value = body[field];
    if (value !== undefined && (typeof value !== 'string' || value.length > ID_MAX)) return field;
  }
  if (body.role !== undefined && !isRole(body.role)) return 'role';
  if (body.data !== undefined) {
    if (body.data === null || typeof body.data !== 'object' || Array.isArray(body.data))
      return 'data';
    const role = (body.data as Record<string, unknown>).role;
    if (role !== undefined && !isRole(role)) return 'data.role';
  }
  return null;
}
