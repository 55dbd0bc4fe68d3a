// The client's texts carry their ids, not their words (docs/decisions/0162-languages-plan.md): in the client
// build, every string a `texts(namespace, {...})` call defines becomes '' and the words come from the language's
// catalogue alone (locales/{locale}/*.json, English's too). Without it a German reader would download the
// English of every screen as well as the German. The invariant, once: the build changes nothing but the
// string literals inside texts()'s second argument (values, list items, icu() arguments); keys, shape and
// code stay as written. Tests and the server read the modules as written.
import MagicString from 'magic-string';
import ts from 'typescript';
import type { Plugin } from 'vite';

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

/** The Vite plugin: the build only (the dev server and the tests read the words as written). */
export function textsWithoutWords(): Plugin {
  return {
    name: 'vehicle-contact:texts-without-words',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\/src\/(client|shared)\/.*\.tsx?$/.test(id.split('?')[0] ?? ''))
        return null;
      return stripTextsWords(code, id) ?? null;
    },
  };
}
