import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDefinitions, localesDir } from '../../scripts/i18n-catalogs.js';
import { catalogueRuns, readNamespaceIds, stripTextsWords } from '../../scripts/texts-without-words.js';
import { CLIENT_PARTS } from '../shared/i18n/catalogs.js';
import { LOCALES } from '../shared/i18n/locales.js';
import { namespaceIds, wordsByIds } from '../shared/i18n/texts.js';

// The client build's catalogues carry words without ids (scripts/texts-without-words.ts, docs/decisions/0167):
// what the browser keys back from them by the ids its texts() calls define must be the catalogue as written.

const read = (locale: string, part: string) =>
  JSON.parse(fs.readFileSync(path.join(localesDir, locale, `${part}.json`), 'utf8')) as Record<
    string,
    unknown
  >;

describe('the built catalogues (docs/decisions/0167)', () => {
  it('give back every text of every part in every language, keyed by the ids the modules define', async () => {
    await loadDefinitions();
    const numbered = readNamespaceIds(localesDir);
    for (const locale of LOCALES)
      for (const part of CLIENT_PARTS) {
        const written = read(locale, part);
        const runs = catalogueRuns(written, numbered) as [string, ...unknown[]][];
        const keyed: Record<string, unknown> = {};
        for (const [namespace, ...words] of runs) {
          const ids = namespaceIds(namespace);
          expect(ids, `${namespace}'s texts() call`).toBeDefined();
          Object.assign(keyed, wordsByIds(ids ?? [], words));
        }
        expect(keyed, `${locale} ${part}`).toEqual(written);
      }
  });

  it('are a third smaller than the catalogues as written', () => {
    const numbered = readNamespaceIds(localesDir);
    const written = read('de-DE', 'all');
    const built = JSON.stringify(catalogueRuns(written, numbered));
    expect(built.length).toBeLessThan(JSON.stringify(written).length * 0.8);
  });

  it("leave a part's missing texts a place of their own, so the words after them keep theirs", () => {
    const numbered = new Map([['zz', ['zz.a', 'zz.b', 'zz.c']]]);
    expect(catalogueRuns({ 'zz.a': ['A'], 'zz.c': ['C'] }, numbered)).toEqual([['zz', ['A'], null, ['C']]]);
    expect(wordsByIds(['zz.a', 'zz.b', 'zz.c'], [['A'], null, ['C']])).toEqual({
      'zz.a': ['A'],
      'zz.c': ['C'],
    });
  });

  it("take the words out of texts()'s second argument only", () => {
    const code =
      "const t = texts('zz', { title: 'Hello', list: ['a', 'b'], n: icu('{n} x') });\nconst keep = 'Hi';";
    expect(stripTextsWords(code, 'zz.ts')?.code).toBe(
      "const t = texts('zz', { title: '', list: ['', ''], n: icu('') });\nconst keep = 'Hi';",
    );
  });
});
