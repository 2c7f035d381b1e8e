/**
 * The public site's strings (locales/{es,en}/site.json), for the server renderer only: each island
 * receives the few it needs as props.
 */
import en from '../../locales/en/site.json';
import es from '../../locales/es/site.json';
import type { Lang } from '../ui';

export type SiteTexts = typeof es;

export const SITE_TEXTS: Record<Lang, SiteTexts> = { es, en };
