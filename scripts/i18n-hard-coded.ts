// Texts written where no catalogue reaches them (issue 36, docs/decisions/0162-languages-plan.md): what
// src/shared/i18n/hard-coded-texts.test.ts refuses. Read with TypeScript's own parser:
// - in a component (src/client, .tsx): JSX text with a letter; a user-facing attribute (label, title,
//   placeholder, aria-label, ...) or a `{'...'}` child written as a literal;
// - anywhere in src (tests aside): an object's user-facing key (title, description, label, ...) given a
//   literal; a text of a texts module read at a module's top level (it would keep the language of the
//   moment the module loaded, shared/i18n/texts.ts); texts() not kept in a const named ...Texts (which the
//   previous rule goes by).
// A word that is not a language's (a brand, a plate, a code) is not a text: such literals are few, and are
// written in a texts module all the same, where translators see them.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const TEXT_KEYS = new Set([
  'label',
  'aria-label',
  'aria-valuetext',
  'aria-roledescription',
  'title',
  'subtitle',
  'placeholder',
  'alt',
  'text',
  'description',
  'heading',
  'message',
  'hint',
  'intro',
  'legend',
  'context',
  'action',
  'actionLabel',
  'backLabel',
  'confirmLabel',
  'cancelLabel',
]);

const hasLetter = (text: string) => /\p{L}/u.test(text);

export interface Finding {
  file: string;
  line: number;
  what: string;
}

export function sourceFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'test') walk(full);
      } else if (
        /\.tsx?$/.test(entry.name) &&
        !/\.(test|spec)\.tsx?$/.test(entry.name) &&
        !entry.name.endsWith('.d.ts')
      )
        found.push(full);
    }
  };
  walk(path.join(root, 'src'));
  return found.sort();
}

/** What one file writes outside the catalogues. */
export function findHardCodedTexts(
  root: string,
  file: string,
  source = fs.readFileSync(file, 'utf8'),
): Finding[] {
  const findings: Finding[] = [];
  const relative = path.relative(root, file);
  const isComponent = relative.startsWith('src/client/') && file.endsWith('.tsx');
  const sf = ts.createSourceFile(
    file,
    source,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const definesTexts = /\btexts\(\s*'/.test(source);
  const add = (node: ts.Node, what: string) =>
    findings.push({ file: relative, line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1, what });
  const literalText = (node: ts.Node | undefined): string | undefined => {
    if (!node) return undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isTemplateExpression(node))
      return node.head.text + node.templateSpans.map((span) => span.literal.text).join('');
    return undefined;
  };

  const visit = (node: ts.Node, inFunction: boolean) => {
    if (isComponent && ts.isJsxText(node) && hasLetter(node.text))
      add(node, `JSX text "${node.text.trim().slice(0, 40)}"`);
    if (isComponent && ts.isJsxAttribute(node) && TEXT_KEYS.has(node.name.getText())) {
      const value = node.initializer;
      const text = value && ts.isJsxExpression(value) ? literalText(value.expression) : literalText(value);
      if (text !== undefined && hasLetter(text)) add(node, `${node.name.getText()}="${text.slice(0, 40)}"`);
    }
    if (
      isComponent &&
      ts.isJsxExpression(node) &&
      node.parent &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    ) {
      const text = literalText(node.expression);
      if (text !== undefined && hasLetter(text)) add(node, `JSX child {"${text.slice(0, 40)}"}`);
    }
    if (!definesTexts && ts.isPropertyAssignment(node)) {
      const key = ts.isIdentifier(node.name) || ts.isStringLiteral(node.name) ? node.name.text : '';
      const text = literalText(node.initializer);
      if (TEXT_KEYS.has(key) && text !== undefined && hasLetter(text))
        add(node, `${key}: "${text.slice(0, 40)}"`);
    }
    if (
      !inFunction &&
      ts.isPropertyAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      /Texts$/.test(node.expression.text)
    )
      add(node, `${node.getText().slice(0, 50)} read at the module's top level`);
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && /Texts$/.test(node.name.text)) {
      let value = node.initializer;
      while (value && (ts.isAsExpression(value) || ts.isSatisfiesExpression(value))) value = value.expression;
      if (value && ts.isObjectLiteralExpression(value))
        add(node, `${node.name.text} is a plain object: make it texts()`);
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'texts') {
      const holder = node.parent;
      if (
        !(ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name) && /Texts$/.test(holder.name.text))
      )
        add(node, 'texts() kept elsewhere than a const named ...Texts');
    }
    const entersFunction = ts.isFunctionLike(node) || ts.isClassLike(node);
    ts.forEachChild(node, (child) => visit(child, inFunction || entersFunction));
  };
  visit(sf, false);
  return findings;
}
