/**
 * Every island of the site pages: its name (the `data-island` attribute the server writes) and its
 * module. The client entry imports an island's module only when the page has it; the server names
 * the same module's files as `modulepreload` links (from the build manifest, `ISLAND_SOURCES`), so
 * the island's code downloads beside the entry, not after it.
 */
import type { ComponentType } from 'preact';

type IslandModule = { default: ComponentType<never> };

export const ISLANDS: Record<string, () => Promise<IslandModule>> = {
  login: () => import('./login/login-island'),
  'site-nav': () => import('./public/nav-island'),
  contact: () => import('./public/contact-island'),
  'local-times': () => import('./public/local-times'),
};

/** The source file of each island, as the build manifest names it. */
export const ISLAND_SOURCES: Record<keyof typeof ISLANDS, string> = {
  login: 'src/site/login/login-island.ts',
  'site-nav': 'src/site/public/nav-island.ts',
  contact: 'src/site/public/contact-island.ts',
  'local-times': 'src/site/public/local-times.tsx',
};
