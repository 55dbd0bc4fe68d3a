import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findHardCodedTexts, sourceFiles } from '../../scripts/i18n-hard-coded.js';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Files whose texts are not in the catalogues yet (issue 36 carries on: each conversion takes its file off
 * this list, and the list only shrinks). A file here must still have something to convert; every other
 * file must have nothing.
 */
const NOT_YET_CONVERTED = new Set([
  'src/client/app/bottom-nav.tsx',
  'src/client/app/error-fallback.tsx',
  'src/client/app/offline-banner.tsx',
  'src/client/app/use-connectivity.ts',
  'src/client/components/back-to-home-link.tsx',
  'src/client/components/brand.tsx',
  'src/client/components/sign-in-required.tsx',
  'src/client/components/theme-toggle.tsx',
  'src/client/components/ui/confirm-dialog.tsx',
  'src/client/components/ui/dialog.tsx',
  'src/client/components/ui/password-input.tsx',
  'src/client/components/ui/toast.tsx',
  'src/client/features/finder/found-vehicle-card.tsx',
  'src/client/features/finder/reply-prompt.tsx',
  'src/client/features/finder/texts.ts',
  'src/client/features/vehicles/vehicle-not-found.tsx',
  'src/client/lib/error-toasts.ts',
  'src/client/lib/query-notices.ts',
  'src/client/lib/relogin.ts',
  'src/client/pages/landing.tsx',
  'src/client/pages/license-plate.tsx',
  'src/client/pages/not-found.tsx',
  'src/client/pages/qr-scanner.tsx',
  'src/client/pages/service-unavailable.tsx',
  'src/client/pages/vehicle-found.tsx',
  'src/shared/contract.ts',
  'src/shared/vehicles/acceptance.ts',
  'src/shared/vehicles/plates.ts',
  'src/shared/vehicles/sample.ts',
  'src/shared/vehicles/sticker.ts',
  'src/shared/vehicles/themes.ts',
  'src/shared/vehicles/vehicle-types.ts',
]);

describe('texts written outside the catalogues (docs/decisions/0162)', () => {
  const files = sourceFiles(root);
  const findings = files.flatMap((file) => findHardCodedTexts(root, file));

  it('none in a converted file', () => {
    const found = findings
      .filter((finding) => !NOT_YET_CONVERTED.has(finding.file))
      .map((finding) => `${finding.file}:${finding.line} ${finding.what}`);
    expect(found).toEqual([]);
    const left = findings.filter((finding) => NOT_YET_CONVERTED.has(finding.file)).length;
    console.log(
      `${NOT_YET_CONVERTED.size} files (${left} texts) not in the catalogues yet: issue 36 carries on`,
    );
  });

  it('the list of files not yet converted holds only files with something to convert', () => {
    const withFindings = new Set(findings.map((finding) => finding.file));
    expect([...NOT_YET_CONVERTED].filter((file) => !withFindings.has(file))).toEqual([]);
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
