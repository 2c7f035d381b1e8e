/**
 * The one script of the site pages (docs/decisions/0012): hydrates every island the server rendered.
 * An island is an element `<div data-island="name">` followed by `<script type="application/json"
 * data-island-props>` with its props; its code is imported on demand (islands.ts), and the server has
 * already asked for it with `modulepreload`. No React, no router, no i18next: a site page never loads
 * the signed-in app's code.
 */
import { h, hydrate, type ComponentType } from 'preact';
import { followStoredLanguage } from './handoff';
import { ISLANDS } from './islands';

// a language kept by the web app wins over the one the server guessed (SPEC §1)
const reloading = followStoredLanguage();

for (const root of reloading ? [] : document.querySelectorAll<HTMLElement>('[data-island]')) {
  const load = ISLANDS[root.dataset.island ?? ''];
  const data = root.nextElementSibling;
  if (!load || !(data instanceof HTMLScriptElement) || !data.hasAttribute('data-island-props'))
    continue;
  const props = JSON.parse(data.textContent || '{}') as Record<string, unknown>;
  void load().then(({ default: Island }) => {
    hydrate(h(Island as ComponentType<Record<string, unknown>>, props), root);
    root.setAttribute('data-hydrated', ''); // tests wait for it
  });
}
