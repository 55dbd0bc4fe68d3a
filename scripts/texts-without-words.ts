// The client's texts carry their ids, not their words (docs/decisions/0162-languages-plan.md, 0167): in the
// client build, every string a `texts(namespace, {...})` call defines becomes '' and the words come from the
// language's catalogue alone (locales/{locale}/{landing,finder,owner,all}.json, English's too). Without it a German reader
// would download the English of every screen as well as the German. The build also writes those catalogues
// without their ids, which were a third of their gzip size: `[[namespace, words, words, ...], ...]`, each
// namespace's words in the order of its ids sorted by UTF-16 code units (`textOrder`), which the client
// knows from the texts() call itself (shared/i18n/texts.ts `namespaceIds`) and maps back to ids.
//
// The invariants, once: the build changes nothing but the string literals inside texts()'s second argument
// (values, list items, icu() arguments); keys, shape and code stay as written. A catalogue's run of a
// namespace holds a place for each of its ids the English catalogues hold (null where the language lacks
// one). Tests, the dev server and the server read the modules and catalogues as written.
import fs from 'node:fs';
import path from 'node:path';
import MagicString from 'magic-string';
import ts from 'typescript';
import type { Plugin } from 'vite';
import { namespaceOf, textOrder } from '../src/shared/i18n/texts.js';

/** Every id the English catalogues hold, by namespace, each namespace's in `textOrder`. */
export function readNamespaceIds(localesDir: string): Map<string, string[]> {
  const ids: string[] = [];
  for (const part of ['all', 'server'])
    ids.push(
      ...Object.keys(
        JSON.parse(fs.readFileSync(path.join(localesDir, 'en-US', `${part}.json`), 'utf8')) as object,
      ),
    );
  const namespaces = new Map<string, string[]>();
  for (const id of ids.sort(textOrder)) {
    const namespace = namespaceOf(id);
    namespaces.set(namespace, [...(namespaces.get(namespace) ?? []), id]);
  }
  return namespaces;
}

/** A client catalogue (id → compiled words) as runs of words, one per namespace it holds. */
export function catalogueRuns(
  catalogue: Record<string, unknown>,
  namespaceIds: ReadonlyMap<string, readonly string[]>,
): unknown[][] {
  const namespaces = [...new Set(Object.keys(catalogue).map(namespaceOf))].sort(textOrder);
  return namespaces.map((namespace) => {
    const ids = namespaceIds.get(namespace);
    if (!ids) throw new Error(`The English catalogues lack the namespace ${namespace}`);
    return [namespace, ...ids.map((id) => catalogue[id] ?? null)];
  });
}

/** The module with its texts' words taken out, or undefined when it defines none. */
export function stripTextsWords(
  code: string,
  file: string,
): { code: string; map: ReturnType<MagicString['generateMap']> } | undefined {
  if (!/\btexts\(\s*'/.test(code)) return undefined;
  const source = ts.createSourceFile(
    file,
    code,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const output = new MagicString(code);
  let changed = false;
  const blank = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      output.overwrite(node.getStart(source), node.getEnd(), "''");
      changed = true;
    } else if (ts.isObjectLiteralExpression(node)) {
      for (const property of node.properties)
        if (ts.isPropertyAssignment(property)) blank(property.initializer);
    } else if (ts.isArrayLiteralExpression(node)) {
      for (const element of node.elements) blank(element);
    } else if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'icu'
    ) {
      for (const argument of node.arguments) blank(argument);
    } else if (
      ts.isAsExpression(node) ||
      ts.isSatisfiesExpression(node) ||
      ts.isParenthesizedExpression(node)
    ) {
      blank(node.expression);
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'texts') {
      const words = node.arguments[1];
      if (words) blank(words);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (!changed) return undefined;
  return { code: output.toString(), map: output.generateMap({ hires: true, source: file }) };
}

const CLIENT_CATALOGUE = /\/locales\/[^/]+\/(landing|finder|owner|all)\.json$/;

/** The Vite plugin: the build only (the dev server and the tests read the words as written). */
export function textsWithoutWords(): Plugin {
  let namespaceIds: Map<string, string[]>;
  return {
    name: 'vehicle-contact:texts-without-words',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      namespaceIds = readNamespaceIds(path.join(config.root, 'locales'));
    },
    transform(code, id) {
      const file = id.split('?')[0] ?? '';
      // Before Vite's JSON plugin, which makes the runs a module.
      if (CLIENT_CATALOGUE.test(file))
        return { code: JSON.stringify(catalogueRuns(JSON.parse(code), namespaceIds)), map: null };
      if (id.includes('/node_modules/') || !/\/src\/(client|shared)\/.*\.tsx?$/.test(file)) return null;
      return stripTextsWords(code, id) ?? null;
    },
  };
}
