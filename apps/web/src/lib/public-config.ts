/**
 * The clinic's public configuration (`GET /api/config`): its name (sidebar brand, page titles) and
 * whether self-registration is open. Until it answers, the default name is used.
 */
import type { PublicConfig } from '@painlab/shared/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Parser } from './api-client';
import { cachePolicy } from './cache-policy';

export const DEFAULT_CLINIC_NAME = 'Pain Lab';

/** `publicConfigSchema` of `@painlab/shared/auth`, by hand: zod stays out of the public bundle. */
export const publicConfigParser: Parser<PublicConfig> = {
  parse(value) {
    const v = value as Partial<PublicConfig> | null;
    if (
      !v ||
      typeof v.clinicName !== 'string' ||
      typeof v.registrationOpen !== 'boolean' ||
      (v.emailDelivery !== 'smtp' && v.emailDelivery !== 'outbox')
    ) {
      throw new TypeError('Invalid /api/config response');
    }
    return {
      clinicName: v.clinicName,
      registrationOpen: v.registrationOpen,
      emailDelivery: v.emailDelivery,
    };
  },
};

export const publicConfigQueryOptions = queryOptions({
  queryKey: ['public-config'],
  queryFn: ({ signal }): Promise<PublicConfig> =>
    api.get('/api/config', publicConfigParser, signal),
  ...cachePolicy(['public-config']),
});

export function usePublicConfig(): {
  clinicName: string;
  registrationOpen: boolean | undefined;
  emailDelivery: PublicConfig['emailDelivery'] | undefined;
  isPending: boolean;
} {
  const query = useQuery(publicConfigQueryOptions);
  return {
    clinicName: query.data?.clinicName || DEFAULT_CLINIC_NAME,
    registrationOpen: query.data?.registrationOpen,
    emailDelivery: query.data?.emailDelivery,
    isPending: query.isPending,
  };
}
