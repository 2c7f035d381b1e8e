/**
 * The strings of the sign-in page, taken from the web app's own translation files (one source of
 * truth) when the page is rendered on the server. Only these go into the page, for both languages,
 * so that the language switch works in place without a reload (the form keeps what was typed).
 * Imported by the server renderer only: the page's script receives them as props.
 */
import enAuth from '../../locales/en/auth.json';
import enCommon from '../../locales/en/common.json';
import enErrors from '../../locales/en/errors.json';
import enNav from '../../locales/en/nav.json';
import esAuth from '../../locales/es/auth.json';
import esCommon from '../../locales/es/common.json';
import esErrors from '../../locales/es/errors.json';
import esNav from '../../locales/es/nav.json';
import type { Lang } from '../ui';
import { FIELD_MESSAGES, SIGN_IN_ERROR_KEYS, type LoginTexts } from './texts-keys';

const SOURCES = {
  en: { auth: enAuth, common: enCommon, errors: enErrors, nav: enNav },
  es: { auth: esAuth, common: esCommon, errors: esErrors, nav: esNav },
} as const;

function pick<K extends string>(
  from: Record<string, string>,
  keys: readonly K[],
): Record<K, string> {
  return Object.fromEntries(keys.map((k) => [k, from[k] ?? k])) as Record<K, string>;
}

function build(lang: Lang): LoginTexts {
  const { auth, common, errors, nav } = SOURCES[lang];
  const l = auth.login;
  return {
    pageTitle: nav.routes.login,
    metaDescription: l.metaDescription,
    title: l.title,
    subtitle: l.subtitle,
    email: l.email,
    identifier: l.identifier,
    identifierHint: l.identifierHint,
    password: l.password,
    submit: l.submit,
    submitting: l.submitting,
    noAccount: l.noAccount,
    registerLink: l.registerLink,
    retryAfter: l.retryAfter,
    languageLabel: common.language.label,
    languageShort: common.language.short,
    languageNames: common.language.names,
    validation: pick(common.validation, FIELD_MESSAGES),
    errors: pick(auth.errors, SIGN_IN_ERROR_KEYS),
    forgotLink: l.forgotLink,
    codeLink: l.codeLink,
    linkLink: l.linkLink,
    notices: {
      authRequired: errors.guards.authRequired,
      registered: auth.register.created,
      passwordReset: auth.reset.done,
      idleSignedOut: auth.idle.signedOut,
    },
    secondFactor: auth.secondFactor,
    passkey: auth.passkey,
    emailSignIn: auth.emailSignIn,
  };
}

export const LOGIN_TEXTS: Record<Lang, LoginTexts> = { en: build('en'), es: build('es') };
