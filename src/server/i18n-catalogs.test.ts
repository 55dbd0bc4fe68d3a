import { describe, expect, it } from 'vitest';
import { loadDefinitions, problems, textModules } from '../../scripts/i18n-catalogs.js';
import { LOCALES } from '../shared/i18n/locales.js';

describe('the catalogues (docs/decisions/0162)', () => {
  it('hold every text the modules define, translated into every language, compiled as `npm run i18n` writes them', async () => {
    expect(textModules().length).toBeGreaterThan(0);
    const definitions = await loadDefinitions();
    expect(definitions.size).toBeGreaterThan(0);
    // Each problem is a line saying which file and text, and what to do.
    expect(problems(definitions)).toEqual([]);
  });

  it('find a missing, a stale and a broken translation', async () => {
    const definitions = new Map(await loadDefinitions());
    const [first] = definitions.values();
    if (!first) throw new Error('no texts');
    // A text added to a module and nowhere else: every language lacks it.
    definitions.set('vehicles.zzAdded', {
      ...first,
      id: 'vehicles.zzAdded',
      namespace: 'vehicles',
      message: 'Added later',
    });
    // A text whose English changed since it was translated.
    definitions.set(first.id, { ...first, message: `${first.message} (changed)` });
    const found = problems(definitions);
    for (const locale of LOCALES.slice(1)) {
      expect(found).toContain(`locales/${locale}/vehicles.po: vehicles.zzAdded has no translation`);
      expect(found).toContain(
        `locales/${locale}/${first.namespace}.po: ${first.id}'s English changed; check its translation, then drop "#, fuzzy"`,
      );
    }
    expect(found.some((line) => line.endsWith('is not as `npm run i18n` writes it: run it'))).toBe(true);
  });
});
