/** The /admin/roles filters in the URL: `?q=` (part of a name or e-mail) and `?role=`. */
import { ROLES, type Role } from '@painlab/shared/permissions';
import type { UserListFilter } from '@painlab/shared/users';

export function filtersFromSearchParams(params: URLSearchParams): UserListFilter {
  const q = params.get('q')?.trim().slice(0, 120) || undefined;
  const role = params.get('role');
  return {
    q,
    role: (ROLES as readonly string[]).includes(role ?? '') ? (role as Role) : undefined,
  };
}

export function usersListSearch(filters: UserListFilter, after: string | null): string {
  const params = new URLSearchParams({ limit: '50' });
  if (filters.q) params.set('q', filters.q);
  if (filters.role) params.set('role', filters.role);
  if (after) params.set('after', after);
  return `?${params.toString()}`;
}
