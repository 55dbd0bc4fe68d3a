// `npm run i18n`: writes the catalogues from the texts the modules define (scripts/i18n-catalogs.ts);
// `npm run i18n -- --check` only says what is wrong, and fails then.
import { loadDefinitions, problems, writeFiles } from './i18n-catalogs.js';

const definitions = await loadDefinitions();
if (process.argv.includes('--check')) {
  const found = problems(definitions);
  for (const problem of found) console.log(problem);
  console.log(
    found.length === 0 ? `${definitions.size} texts, every catalogue complete` : `${found.length} problems`,
  );
  process.exit(found.length === 0 ? 0 : 1);
}
const written = writeFiles(definitions);
for (const file of written) console.log(`wrote ${file}`);
const left = problems(definitions);
console.log(`${definitions.size} texts; ${written.length} files written; ${left.length} translations to do`);
for (const problem of left.slice(0, 40)) console.log(`  ${problem}`);
if (left.length > 40) console.log(`  ... and ${left.length - 40} more (npm run i18n -- --check)`);
