import type { I18n } from '@lingui/core';

/**
 * The app's texts, each kept once in a feature's texts module and read in the language of the moment
 * (issue 36, docs/decisions/0162-languages-plan.md).
 *
 * `texts(namespace, { key: 'English' })` answers an object of the same shape whose every property reads the
 * text in the current language: the app's on the client, the request's (or the recipient's) on the server.
 * So a screen reads `finderTexts.scannerTitle` as before and gets German for a German reader. The English in
 * the module is the spec's text and the catalogues' source (`npm run i18n`, src/locales/); each text's id is
 * `namespace.key` (`namespace.key.sub` when nested, `namespace.key.0` in a list).
 *
 * The one rule this asks of its users: read a text when it is shown (in a component, a handler, a function),
 * never once into a constant of a module, which would keep the language of the moment it was loaded
 * (src/shared/i18n/hard-coded-texts.test.ts finds such reads).
 *
 * A text with values is an ICU message (`icu<{ count: number }>('{count, plural, one {# car} other {# cars}}')`)
 * and reads as a function of its values.
 */

/** Values an ICU message takes. */
export type TextValues = Record<string, string | number>;

/** An ICU message with values of type V, for texts(). */
export interface Icu<V extends TextValues> {
  readonly icu: string;
  /** Never set: carries V for the types. */
  readonly values?: V;
}

/** An ICU message (plurals, selects, placeholders) taking values of type V. */
export const icu = <V extends TextValues>(message: string): Icu<V> => ({ icu: message });

type Source = string | Icu<TextValues> | readonly string[] | { readonly [key: string]: Source };

export type Texts<T> = {
  readonly [K in keyof T]: T[K] extends Icu<infer V>
    ? (values: V) => string
    : T[K] extends string
      ? string
      : T[K] extends readonly string[]
        ? string[]
        : Texts<T[K]>;
};

/** One text as its module defines it: what the catalogues are made of. */
export interface TextDefinition {
  id: string;
  namespace: string;
  /** The English (en-US): the spec's words. */
  message: string;
  /** Whether it is an ICU message with values. */
  takesValues: boolean;
}

const defined = new Map<string, TextDefinition>();
const namespaces = new Map<string, string[]>();
const definedListeners = new Set<(namespace: string) => void>();

/** The order of ids in a namespace's run of a built catalogue (scripts/texts-without-words.ts): UTF-16 code units. */
export const textOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The namespace of a text id. */
export const namespaceOf = (id: string): string => {
  const dot = id.indexOf('.');
  return dot < 0 ? id : id.slice(0, dot);
};

/** A namespace's text ids in `textOrder`, once its texts() call has run; undefined before. */
export const namespaceIds = (namespace: string): readonly string[] | undefined => namespaces.get(namespace);

/**
 * A namespace's run of words in a built catalogue (scripts/texts-without-words.ts), keyed by its `ids`
 * (`namespaceIds`); a null word is a text the language lacks.
 */
export function wordsByIds(ids: readonly string[], words: readonly unknown[]): Record<string, unknown> {
  const messages: Record<string, unknown> = {};
  ids.forEach((id, index) => {
    if (words[index] != null) messages[id] = words[index];
  });
  return messages;
}

/** Calls `listener` with each namespace whose texts() call runs from now on. */
export function onNamespaceDefined(listener: (namespace: string) => void): () => void {
  definedListeners.add(listener);
  return () => definedListeners.delete(listener);
}

/** Every text defined so far, by id (the modules that define them must have been loaded). */
export const definedTexts = (): ReadonlyMap<string, TextDefinition> => defined;

/** Forgets a namespace's definitions (a test's own sample texts, so that the catalogues never see them). */
export function forgetTexts(namespace: string): void {
  for (const [id, definition] of defined) if (definition.namespace === namespace) defined.delete(id);
  namespaces.delete(namespace);
}

let current: () => I18n | undefined = () => undefined;

/**
 * Where texts find the language of the moment: the client's one instance, the server's per request. Answers
 * a function that puts back the one before (a test's own).
 */
export function readTextsFrom(resolve: () => I18n | undefined): () => void {
  const before = current;
  current = resolve;
  return () => {
    current = before;
  };
}

/**
 * The language texts are read in at this moment ('' before any): a cache of something built from texts
 * keeps one per language (contract.ts `lazy`).
 */
export const textsLanguage = (): string => current()?.locale ?? '';

const unloaded = new Set<string>();

/** The text `id` in the current language; its English when no catalogue has it (English's own plain texts). */
export function translate(id: string, message: string, values?: TextValues): string {
  const i18n = current();
  if (i18n?.locale && Object.hasOwn(i18n.messages, id)) return i18n._(id, values);
  // The client's build has no English in its modules (scripts/texts-without-words.ts): a text read before
  // its part of the catalogue came would show blank. Said once per text, where journeys fail on it.
  if (message === '' && !unloaded.has(id)) {
    unloaded.add(id);
    console.error(`The text ${id} was read before its catalogue came (shared/i18n/catalogs.ts)`);
  }
  // No catalogue holds it: an English text without values needs none (en-US's catalogue keeps only the
  // messages that need compiling); a message with values read before any language was loaded gets its
  // simple placeholders filled, which is all a test or an early error may need.
  if (!values) return message;
  return message.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/** Defines one text; `ids` collects the ids its texts() call defines. */
function define(id: string, namespace: string, message: string, takesValues: boolean, ids: string[]): void {
  const known = defined.get(id);
  if (known && (known.message !== message || known.takesValues !== takesValues))
    throw new Error(`The text ${id} is defined twice, differently`);
  defined.set(id, { id, namespace, message, takesValues });
  ids.push(id);
}

function build(prefix: string, namespace: string, source: Record<string, Source>, ids: string[]): object {
  const target = {};
  for (const [key, value] of Object.entries(source)) {
    const id = `${prefix}.${key}`;
    let read: () => unknown;
    if (typeof value === 'string') {
      define(id, namespace, value, false, ids);
      read = () => translate(id, value);
    } else if (Array.isArray(value)) {
      const items = (value as readonly string[]).map((item, index) => {
        define(`${id}.${index}`, namespace, item, false, ids);
        return () => translate(`${id}.${index}`, item);
      });
      read = () => items.map((item) => item());
    } else if (isIcu(value)) {
      define(id, namespace, value.icu, true, ids);
      const format = (values: TextValues) => translate(id, value.icu, values);
      read = () => format;
    } else {
      const nested = build(id, namespace, value as Record<string, Source>, ids);
      read = () => nested;
    }
    Object.defineProperty(target, key, { get: read, enumerable: true });
  }
  return Object.freeze(target);
}

const isIcu = (value: unknown): value is Icu<TextValues> =>
  typeof value === 'object' && value !== null && typeof (value as { icu?: unknown }).icu === 'string';

/** The texts of one namespace (a feature's texts module), read in the language of the moment. */
export function texts<const T extends Record<string, Source>>(namespace: string, source: T): Texts<T> {
  if (!/^[a-z][A-Za-z0-9]*$/.test(namespace)) throw new Error(`Bad text namespace ${namespace}`);
  const ids: string[] = [];
  const built = build(namespace, namespace, source, ids) as Texts<T>;
  // This call's ids with any an earlier call of the same namespace defined (each module's texts load once:
  // reading every definition here for each namespace made the entry's start quadratic in its texts).
  const earlier = namespaces.get(namespace) ?? [];
  namespaces.set(namespace, [...new Set([...earlier, ...ids])].sort(textOrder));
  for (const listener of definedListeners) listener(namespace);
  return built;
}
