import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findHardCodedTexts, sourceFiles } from '../../scripts/i18n-hard-coded.js';

const root = path.resolve(import.meta.dirname, '../..');

describe('texts written outside the catalogues (docs/decisions/0162)', () => {
  it('none anywhere in src', () => {
    const findings = sourceFiles(root).flatMap((file) => findHardCodedTexts(root, file));
    expect(findings.map((finding) => `${finding.file}:${finding.line} ${finding.what}`)).toEqual([]);
  });

  it('finds each kind of hard-coded text', () => {
    const textsModule = `import { texts } from '../../shared/i18n/texts.js';
export const loose = texts('loose', { a: 'A' });`;
    const component = `export const plainTexts = { b: 'B' };
const early = vehicleTexts.vehicleNotFound;
const toast = { title: 'Saved' };
export function Page() {
  const fine = vehicleTexts.vehicleNotFound;
  return <div title="Hello" aria-label={'Close'}>Welcome back {fine}{'again'} 42 {toast.title}</div>;
}`;
    const file = path.join(root, 'src/client/pages/sample.tsx');
    const found = [textsModule, component].flatMap((source) =>
      findHardCodedTexts(root, file, source).map((finding) => `${finding.line} ${finding.what}`),
    );
    expect(found).toEqual([
      '2 texts() kept elsewhere than a const named ...Texts',
      '1 plainTexts is a plain object: make it texts()',
      "2 vehicleTexts.vehicleNotFound read at the module's top level",
      '3 title: "Saved"',
      '6 title="Hello"',
      '6 aria-label="Close"',
      '6 JSX text "Welcome back"',
      '6 JSX child {"again"}',
    ]);
  });
});
