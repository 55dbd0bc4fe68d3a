// The catalogues (issue 36, docs/decisions/0162-languages-plan.md): the texts the modules define (English, the
// source) and their translations, one PO file per language and namespace (locales/{locale}/{namespace}.po,
// for translators), compiled into one JSON file per language and catalogue (locales/{locale}/{catalog}.json,
// Lingui's compiled messages, what the browser and the server load). `npm run i18n` writes both from the
// modules; `npm run i18n -- --check` (and src/shared/i18n/catalogs.test.ts) fails on anything missing, stale
// or hand-edited out of step.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { CATALOGS, type Catalog, catalogsOf } from '../src/shared/i18n/catalogs.js';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../src/shared/i18n/locales.js';
import { definedTexts, type TextDefinition } from '../src/shared/i18n/texts.js';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const localesDir = path.join(root, 'locales');
export const TRANSLATED: readonly Locale[] = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);

/** Source files that define texts: every module under src that imports the texts module. */
export function textModules(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const source = fs.readFileSync(full, 'utf8');
        if (/\btexts\(\s*'/.test(source) && /i18n\/texts\.js'/.test(source)) found.push(full);
      }
    }
  };
  walk(path.join(root, 'src'));
  return found.sort();
}

/** Loads every module that defines texts and answers the definitions, by id. */
export async function loadDefinitions(): Promise<ReadonlyMap<string, TextDefinition>> {
  for (const file of textModules()) await import(pathToFileURL(file).href);
  return definedTexts();
}

export interface PoEntry {
  id: string;
  /** The English it was translated from. */
  source: string;
  translation: string;
  fuzzy: boolean;
}

const unquote = (line: string) => JSON.parse(line) as string;
const quote = (text: string) => JSON.stringify(text);

/** The entries of a PO file as this tool writes it (msgctxt = id, msgid = English, msgstr = translation). */
export function parsePo(text: string): PoEntry[] {
  const entries: PoEntry[] = [];
  let entry: Partial<PoEntry> & { fuzzy: boolean } = { fuzzy: false };
  let field: 'id' | 'source' | 'translation' | undefined;
  const finish = () => {
    if (entry.id !== undefined && entry.source !== undefined)
      entries.push({
        id: entry.id,
        source: entry.source,
        translation: entry.translation ?? '',
        fuzzy: entry.fuzzy,
      });
    entry = { fuzzy: false };
    field = undefined;
  };
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '') finish();
    else if (line.startsWith('#,')) entry.fuzzy ||= line.includes('fuzzy');
    else if (line.startsWith('#')) continue;
    else if (line.startsWith('msgctxt ')) {
      if (entry.translation !== undefined) finish();
      field = 'id';
      entry.id = unquote(line.slice(8));
    } else if (line.startsWith('msgid ')) {
      field = 'source';
      entry.source = unquote(line.slice(6));
    } else if (line.startsWith('msgstr ')) {
      field = 'translation';
      entry.translation = unquote(line.slice(7));
    } else if (line.startsWith('"') && field) entry[field] = (entry[field] ?? '') + unquote(line);
  }
  finish();
  return entries;
}

export function formatPo(locale: Locale, namespace: string, entries: readonly PoEntry[]): string {
  const header = [
    `# Vehicle Contact: the "${namespace}" texts in ${locale}. msgctxt is the text's id, msgid its English.`,
    '# Written by `npm run i18n` from the modules; translate the msgstr lines. docs/decisions/0162.',
    'msgid ""',
    'msgstr ""',
    `"Language: ${locale}\\n"`,
    '"MIME-Version: 1.0\\n"',
    '"Content-Type: text/plain; charset=UTF-8\\n"',
    '"Content-Transfer-Encoding: 8bit\\n"',
  ].join('\n');
  const body = entries.map((entry) =>
    [
      ...(entry.fuzzy ? ['#, fuzzy'] : []),
      `msgctxt ${quote(entry.id)}`,
      `msgid ${quote(entry.source)}`,
      `msgstr ${quote(entry.translation)}`,
    ].join('\n'),
  );
  return `${[header, ...body].join('\n\n')}\n`;
}

const poFile = (locale: Locale, namespace: string) => path.join(localesDir, locale, `${namespace}.po`);
const jsonFile = (locale: Locale, catalog: Catalog) => path.join(localesDir, locale, `${catalog}.json`);
const readIfThere = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined);

const byNamespace = (definitions: ReadonlyMap<string, TextDefinition>) => {
  const namespaces = new Map<string, TextDefinition[]>();
  for (const definition of [...definitions.values()].sort((a, b) => a.id.localeCompare(b.id))) {
    const list = namespaces.get(definition.namespace) ?? [];
    list.push(definition);
    namespaces.set(definition.namespace, list);
  }
  return namespaces;
};

/**
 * What every file should hold, from the definitions and the translations already written: each PO file
 * with the modules' texts in id order (a translation kept where its English is unchanged, kept but marked
 * fuzzy where the English changed, empty where new), and each JSON catalogue compiled from them.
 */
export function expectedFiles(definitions: ReadonlyMap<string, TextDefinition>): Map<string, string> {
  const files = new Map<string, string>();
  const namespaces = byNamespace(definitions);
  const translations = new Map<Locale, Map<string, PoEntry>>();
  for (const locale of TRANSLATED) {
    const kept = new Map<string, PoEntry>();
    for (const [namespace, list] of namespaces) {
      const old = new Map(
        parsePo(readIfThere(poFile(locale, namespace)) ?? '').map((entry) => [entry.id, entry]),
      );
      const entries = list.map((definition): PoEntry => {
        const before = old.get(definition.id);
        if (!before) return { id: definition.id, source: definition.message, translation: '', fuzzy: false };
        const changed = before.source !== definition.message;
        return {
          id: definition.id,
          source: definition.message,
          translation: before.translation,
          fuzzy: before.fuzzy || changed,
        };
      });
      for (const entry of entries) kept.set(entry.id, entry);
      files.set(poFile(locale, namespace), formatPo(locale, namespace, entries));
    }
    translations.set(locale, kept);
  }
  for (const locale of LOCALES) {
    const catalogs = new Map<Catalog, [string, unknown][]>(CATALOGS.map((catalog) => [catalog, []]));
    for (const list of namespaces.values())
      for (const definition of list) {
        const text =
          locale === DEFAULT_LOCALE
            ? definition.message
            : translations.get(locale)?.get(definition.id)?.translation;
        // English too: the client's build carries ids, not words (scripts/texts-without-words.ts). A
        // missing translation falls back to the English the server's modules hold.
        if (!text) continue;
        for (const catalog of catalogsOf(definition.id))
          catalogs.get(catalog)?.push([definition.id, compileText(definition, text)]);
      }
    for (const [catalog, entries] of catalogs)
      files.set(
        jsonFile(locale, catalog),
        entries.length === 0
          ? '{}\n'
          : `{\n${entries.map(([id, compiled]) => `  ${quote(id)}: ${JSON.stringify(compiled)}`).join(',\n')}\n}\n`,
      );
  }
  return files;
}

/** A text as Lingui's runtime takes it: ICU messages compiled; a plain text is taken as it is written. */
export function compileText(definition: TextDefinition, text: string): unknown {
  return definition.takesValues ? compileMessage(text) : [text];
}

/** The names of an ICU message's values (its placeholders, plurals and selects). */
export function valueNames(message: string): string[] {
  const names = new Set<string>();
  // Compiled, a value is an array: [name], [name, format, style] or [name, 'plural', { branch: parts }].
  const walk = (part: unknown) => {
    if (!Array.isArray(part)) return;
    const [name, , options] = part as [unknown, unknown, unknown];
    if (typeof name === 'string') names.add(name);
    if (options && typeof options === 'object')
      for (const branch of Object.values(options)) if (Array.isArray(branch)) branch.forEach(walk);
  };
  const compiled = compileMessage(message);
  if (Array.isArray(compiled)) compiled.forEach(walk);
  return [...names].sort();
}

/** Everything wrong with the files as they are: each problem a line. */
export function problems(definitions: ReadonlyMap<string, TextDefinition>): string[] {
  const found: string[] = [];
  const expected = expectedFiles(definitions);
  for (const [file, text] of expected) {
    const relative = path.relative(root, file);
    const actual = readIfThere(file);
    if (actual !== text) found.push(`${relative} is not as \`npm run i18n\` writes it: run it`);
    if (!file.endsWith('.po')) continue;
    for (const entry of parsePo(text)) {
      const definition = definitions.get(entry.id);
      if (!entry.translation) found.push(`${relative}: ${entry.id} has no translation`);
      else if (entry.fuzzy)
        found.push(`${relative}: ${entry.id}'s English changed; check its translation, then drop "#, fuzzy"`);
      else if (definition?.takesValues) {
        try {
          const wanted = valueNames(definition.message).join(', ');
          const got = valueNames(entry.translation).join(', ');
          if (wanted !== got) found.push(`${relative}: ${entry.id} takes {${got}}, its English {${wanted}}`);
        } catch (error) {
          found.push(`${relative}: ${entry.id} is not a valid ICU message: ${(error as Error).message}`);
        }
      }
    }
  }
  // Files no module asks for any more.
  for (const locale of LOCALES) {
    const dir = path.join(localesDir, locale);
    if (!fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir)) {
      const file = path.join(dir, name);
      if (!expected.has(file))
        found.push(`${path.relative(root, file)} is left over: no module defines its texts`);
    }
  }
  return found;
}

/** Writes every file as it should be, and removes the ones left over. */
export function writeFiles(definitions: ReadonlyMap<string, TextDefinition>): string[] {
  const written: string[] = [];
  const expected = expectedFiles(definitions);
  for (const [file, text] of expected) {
    if (readIfThere(file) === text) continue;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    written.push(path.relative(root, file));
  }
  for (const locale of LOCALES) {
    const dir = path.join(localesDir, locale);
    if (!fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir)) {
      const file = path.join(dir, name);
      if (expected.has(file)) continue;
      fs.rmSync(file);
      written.push(`${path.relative(root, file)} (removed)`);
    }
  }
  return written;
}
