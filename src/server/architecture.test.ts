import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The floor plan held against the code (docs/architecture.md, "How features meet"; decision 0133): a
 * feature reaches another only through the port file the owner offers, feature folders depend on each
 * other one way, and a feature file only wires.
 */

const serverDir = path.dirname(fileURLToPath(import.meta.url));
const FEATURES = ['auth', 'finder-pages', 'health', 'messaging', 'push', 'realtime', 'support', 'vehicles'];

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });

/** The feature folder a server file lives in, if any. */
const featureOf = (file: string) => {
  const [first] = path.relative(serverDir, file).split(path.sep);
  return first !== undefined && FEATURES.includes(first) ? first : undefined;
};

/** Every relative import of the server's source files, resolved to the file it names. */
const imports = sourceFiles(serverDir).flatMap((file) =>
  [...fs.readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)].map((match) => ({
    file,
    target: path.resolve(path.dirname(file), (match[1] as string).replace(/\.js$/, '.ts')),
  })),
);

describe('the floor plan', () => {
  it('finds the imports it checks', () => {
    expect(imports.length).toBeGreaterThan(100);
    expect(FEATURES.every((feature) => fs.existsSync(path.join(serverDir, feature)))).toBe(true);
  });

  it('lets a feature reach another only through the port it offers', () => {
    const breaches = imports
      .filter(({ file, target }) => {
        const from = featureOf(file);
        const to = featureOf(target);
        return from && to && from !== to && !target.endsWith('.port.ts');
      })
      .map(({ file, target }) => `${path.relative(serverDir, file)} -> ${path.relative(serverDir, target)}`);
    expect(breaches).toEqual([]);
  });

  it('has no two feature folders that import each other', () => {
    const edges = new Set(
      imports.flatMap(({ file, target }) => {
        const from = featureOf(file);
        const to = featureOf(target);
        return from && to && from !== to ? [`${from}>${to}`] : [];
      }),
    );
    const both = [...edges].filter((edge) => edges.has(edge.split('>').reverse().join('>')));
    expect(both).toEqual([]);
  });

  it('keeps every feature file to wiring: 40 lines at most', () => {
    const long = FEATURES.flatMap((feature) =>
      fs
        .readdirSync(path.join(serverDir, feature))
        .filter((name) => name.endsWith('.feature.ts'))
        .map((name) => ({
          name,
          lines: fs
            .readFileSync(path.join(serverDir, feature, name), 'utf8')
            .trimEnd()
            .split('\n').length,
        }))
        .filter(({ lines }) => lines > 40),
    );
    expect(long).toEqual([]);
  });
});
