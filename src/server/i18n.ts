import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import fs from 'node:fs';
import { type I18n, setupI18n } from '@lingui/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Catalog } from '../shared/i18n/catalogs.js';
import {
  acceptedLanguages,
  DEFAULT_LOCALE,
  isLocale,
  LOCALES,
  type Locale,
  negotiateLocale,
} from '../shared/i18n/locales.js';
import { readTextsFrom } from '../shared/i18n/texts.js';

/**
 * The server's languages (issue 36, docs/decisions/0162-languages-plan.md). Every text the server writes
 * (an error's message, a mail, a push notification) is read through shared/i18n/texts.ts in the language of
 * the work at hand: a request's, from its Accept-Language (the app sends its own language there); a mail's
 * or a push's, its recipient's (`withLocale`). One Lingui instance per language, each holding its whole
 * compiled catalogue (locales/{locale}/*.json, `npm run i18n`), read once at start.
 */
const LOCALES_DIR = new URL('../../locales/', import.meta.url);

function readCatalogue(locale: Locale): Record<string, unknown> {
  const messages: Record<string, unknown> = {};
  // `all` and `server` hold every text; the browser's first-screen parts repeat some of `all`'s.
  for (const catalog of ['all', 'server'] satisfies Catalog[]) {
    const file = new URL(`${locale}/${catalog}.json`, LOCALES_DIR);
    if (fs.existsSync(file)) Object.assign(messages, JSON.parse(fs.readFileSync(file, 'utf8')));
  }
  return messages;
}

const instances = new Map<Locale, I18n>(
  LOCALES.map((locale) => [
    locale,
    setupI18n({ locale, messages: { [locale]: readCatalogue(locale) as never } }),
  ]),
);
const current = new AsyncLocalStorage<Locale>();

/** The Lingui instance of the work at hand's language: what every text the server writes is read through. */
export const textsOfTheMoment = (): I18n | undefined => instances.get(current.getStore() ?? DEFAULT_LOCALE);

readTextsFrom(textsOfTheMoment);

/** Runs `work` with every text it reads in `locale` (en-US when it is not one the app speaks). */
export function withLocale<T>(locale: string | null | undefined, work: () => T): T {
  return current.run(isLocale(locale) ? locale : DEFAULT_LOCALE, work);
}

/** The language of the work at hand. */
export const currentLocale = (): Locale => current.getStore() ?? DEFAULT_LOCALE;

/** The language a request asks for: its Accept-Language's first that the app speaks, else en-US. */
export const localeOfRequest = (request: Pick<FastifyRequest, 'headers'>): Locale =>
  negotiateLocale(acceptedLanguages(request.headers['accept-language']));

const scope = Symbol('locale scope');
type Scoped = FastifyRequest & { [scope]?: AsyncResource };

/**
 * Each request runs in its language from its first hook on. Reading a body leaves the async context Node's
 * stream events run in, so the handler's part is run again in the scope taken at the start (as
 * @fastify/request-context does).
 */
export function registerRequestLocale(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const locale = localeOfRequest(request);
    reply.header('Content-Language', locale);
    current.run(locale, () => {
      (request as Scoped)[scope] = new AsyncResource('vc-request-locale');
      done();
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const resource = (request as Scoped)[scope];
    if (resource) resource.runInAsyncScope(done, request.raw);
    else done();
  });
}
