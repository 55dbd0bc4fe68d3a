// The invariant of the seam `cn` (cn.ts, docs/performance.md): for the Tailwind classes the app's source holds,
// merging with cn's small config gives exactly what tailwind-merge's default `twMerge` gives. tailwind-merge
// drops an earlier class when a later one with the same variants has its class group or a group that group
// conflicts with; a pair's answer depends on nothing else, so two merges that agree on every pair of the app's
// classes agree on every list of them. The pairs are compared within one set of variants (a `hover:` class
// never drops a plain one, whatever the config).
import { type ClassNameValue, createTailwindMerge, getDefaultConfig, twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn, cnConfig } from './cn.js';

type Merge = (...classLists: ClassNameValue[]) => string;
type AnyConfig = ReturnType<typeof cnConfig>;

// cn.ts is left out: its config names class groups, not classes.
const sources = import.meta.glob<string>(
  ['/src/client/**/*.{ts,tsx}', '!/src/client/**/*.test.{ts,tsx}', '!/src/client/components/ui/cn.ts'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

/** A word of prose (capitalised, or ending a clause) marks a string as text rather than class names. */
const PROSE_WORD = /^[A-Z]|[.,;:?!'’"]$/;

/**
 * Every class name in a string literal (or a template literal's fixed parts) of the client's source that
 * tailwind-merge's default config takes for a Tailwind class, with the first file that holds it. Strings of
 * prose are left out: their words ("hidden", "visible") are not classes.
 */
function classesOfTheSource(): Map<string, string> {
  const classes = new Map<string, string>();
  for (const [file, source] of Object.entries(sources)) {
    for (const [, single, double, template] of source.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)) {
      const words = (single ?? double ?? template ?? '')
        .replace(/\$\{[^}]*\}/g, ' ')
        .split(/\s+/)
        .filter(Boolean);
      if (words.some((word) => PROSE_WORD.test(word))) continue;
      for (const word of words)
        if (isTailwindClass(twMerge, word) && !classes.has(word)) classes.set(word, file);
    }
  }
  return classes;
}

/** A class the merge knows is dropped before itself; one it does not know is kept as a stranger's. */
const isTailwindClass = (merge: Merge, name: string) => merge(`${name} ${name}`) === name;

/** A class's variants (`hover`, `data-[state=open]`) and the rest; a colon inside brackets is the rest's. */
function splitVariants(name: string): { variants: string[]; base: string } {
  const variants: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < name.length; index += 1) {
    const character = name[index];
    if (character === '[' || character === '(') depth += 1;
    else if (character === ']' || character === ')') depth -= 1;
    else if (character === ':' && depth === 0) {
      variants.push(name.slice(start, index));
      start = index + 1;
    }
  }
  return { variants, base: name.slice(start) };
}

const isImportant = (base: string) => base.startsWith('!') || base.endsWith('!');

/** The variants and the important mark of a class, in a fixed order: only classes alike in these can conflict. */
function variantsOf(name: string): string {
  const { variants, base } = splitVariants(name);
  return [...variants.sort(), isImportant(base) ? '!' : ''].join(':');
}

/** The default config's class group of a Tailwind class (exact: the default config's own lookup decides). */
const defaultGroupOf = (() => {
  const config = getDefaultConfig() as unknown as AnyConfig;
  const groups = Object.keys(config.classGroups);
  // Each group conflicts with a made-up class of its own and nothing else: merging a class after all the
  // made-up ones drops the one of its group.
  const probing = createTailwindMerge(() => ({
    ...config,
    classGroups: {
      ...config.classGroups,
      ...Object.fromEntries(groups.map((_, i) => [`probe${i}`, [`zzprobe${i}`]])),
    },
    conflictingClassGroups: Object.fromEntries(groups.map((group, i) => [group, [`probe${i}`]])),
    conflictingClassGroupModifiers: {},
  }));
  return (name: string) => {
    const { variants, base } = splitVariants(name);
    const prefix = [...variants, isImportant(base) ? '!' : ''].join(':');
    const probes = groups.map((_, i) => `${prefix}zzprobe${i}`);
    const kept = new Set(probing([...probes, name].join(' ')).split(' '));
    return groups.find((_, i) => !kept.has(probes[i] as string));
  };
})();

/** What a merge gets wrong against the default `twMerge` on the given classes, each with what to change in cn.ts. */
function disagreements(merge: Merge, classes: Map<string, string>): string[] {
  const problems: string[] = [];
  const known: string[] = [];
  for (const [name, file] of classes) {
    if (isTailwindClass(merge, name)) known.push(name);
    else
      problems.push(
        `"${name}" (${file}) is unknown to cn.ts: copy the class group "${defaultGroupOf(name)}" of tailwind-merge's ` +
          'default config (node_modules/tailwind-merge/src/lib/default-config.ts) into cnConfig, with its conflicts',
      );
  }
  const byVariants = new Map<string, string[]>();
  for (const name of known)
    byVariants.set(variantsOf(name), [...(byVariants.get(variantsOf(name)) ?? []), name]);
  for (const names of byVariants.values()) {
    for (const first of names) {
      for (const second of names) {
        const expected = twMerge(first, second);
        const actual = merge(first, second);
        if (actual !== expected)
          problems.push(
            `cn("${first}", "${second}") gives "${actual}", twMerge "${expected}": in cnConfig, the groups ` +
              `"${defaultGroupOf(first)}" and "${defaultGroupOf(second)}" need the default config's definitions and conflicts`,
          );
      }
    }
  }
  return problems;
}

const appClasses = classesOfTheSource();

describe('cn (the seam of docs/performance.md)', () => {
  it('keeps the later of two classes for one property', () => {
    expect(cn('text-base', 'text-2xl')).toBe('text-2xl');
    expect(cn('min-h-11 px-4 py-2 text-sm', 'min-h-11 p-0 text-sm')).toBe('min-h-11 p-0 text-sm');
    expect(cn('bg-card text-foreground hover:bg-muted', 'bg-primary/10 hover:bg-white/20')).toBe(
      'text-foreground bg-primary/10 hover:bg-white/20',
    );
    expect(cn('text-sm leading-tight', 'text-lg')).toBe('text-lg');
    expect(cn('rounded-xl', false, undefined, ['rounded-3xl', { 'rounded-tl-3xl': true }])).toBe(
      'rounded-3xl rounded-tl-3xl',
    );
    expect(cn('toast relative', 'absolute')).toBe('toast absolute');
  });

  it('finds the classes of the source, with their variants', () => {
    // From button.tsx, dialog.tsx, checkbox.tsx, layout files: a plain class, variants, an arbitrary value,
    // a negative one, an opacity postfix.
    for (const name of [
      'inline-flex',
      'focus-visible:ring-offset-2',
      'group-data-[state=checked]:bg-primary-solid',
      'pb-[calc(1rem+env(safe-area-inset-bottom))]',
      '-translate-x-1/2',
      'bg-slate-950/50',
    ])
      expect(appClasses.has(name), name).toBe(true);
    expect(appClasses.size).toBeGreaterThan(300);
  });

  it("merges every pair of the app's classes as the default twMerge does", () => {
    expect(disagreements(cn, appClasses)).toEqual([]);
  });

  it('merges a few longer lists as the default twMerge does', () => {
    const known = [...appClasses.keys()].filter((name) => variantsOf(name) === '');
    const lists = known.map((name, i) => [
      name,
      known[(i * 7 + 3) % known.length],
      known[(i * 13 + 5) % known.length],
    ]);
    for (const list of lists) expect(cn(...list), list.join(' ')).toBe(twMerge(...list));
  });

  it('fails, naming what to copy, when cnConfig lacks a group the app uses', () => {
    // Checked on a part of the classes, to keep the test short.
    const some = (pattern: RegExp) => new Map([...appClasses].filter(([name]) => pattern.test(name)));
    const { 'ring-offset-w': _, ...classGroups } = cnConfig().classGroups;
    const withoutGroup = createTailwindMerge(() => ({ ...cnConfig(), classGroups }));
    const problems = disagreements(withoutGroup, some(/^focus-visible:/));
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.join('\n')).toContain('"ring-offset-w"');
    const { p: _padding, ...conflicts } = cnConfig().conflictingClassGroups;
    const withoutConflicts = createTailwindMerge(() => ({
      ...cnConfig(),
      conflictingClassGroups: conflicts,
    }));
    expect(disagreements(withoutConflicts, some(/^-?[mp][xytrbl]?-/))).toContainEqual(
      expect.stringContaining('and "p" need'),
    );
  });
});
