import { describe, expect, it } from 'vitest';
import * as c from './contract.js';

const problem = (contract: c.Contract<unknown>, value: unknown) => {
  const result = contract.safeParse(value);
  return result.success ? undefined : result.error.message;
};

describe('answers', () => {
  it('drops unknown keys and names the path of a mismatch', () => {
    const answer = c.object({ id: c.string, count: c.int(0), tags: c.array(c.string) });
    expect(answer.parse({ id: 'a', count: 2, tags: ['x'], extra: true })).toEqual({
      id: 'a',
      count: 2,
      tags: ['x'],
    });
    expect(problem(answer, { id: 'a', count: -1, tags: [] })).toBe(
      'count: expected a whole number of at least 0',
    );
    expect(problem(answer, { id: 'a', count: 1, tags: [3] })).toBe('tags.0: expected text');
    expect(problem(answer, [])).toBe('value: expected an object');
  });
});

describe('requests', () => {
  const rules = c.object({
    name: c.check(c.text({ required: 'Name?', trim: true }), c.maxLength(3, 'Too long'), (value) =>
      value === 'bad' ? 'Bad name' : undefined,
    ),
    note: c.map(c.optional(c.text({ trim: true })), (value) => value || null),
    kind: c.map(c.optional(c.withMessage(c.literal('a'), 'Kind must be a')), (value) => value ?? 'a'),
  });
  const request = c.requestBody({ name: 'text', note: 'text', kind: 'text' }, rules);

  it('reads trimmed text, defaults and none', () => {
    expect(request.parse({ name: ' ab ', note: '  ' })).toEqual({ name: 'ab', note: null, kind: 'a' });
    expect(request.parse({ name: 'ab', note: null, kind: null })).toEqual({
      name: 'ab',
      note: null,
      kind: 'a',
    });
  });

  it('answers the first problem: the body’s shape, then the fields in their order, then each rule in its order', () => {
    expect(problem(request, 'text')).toBe('Request body must be a JSON object');
    expect(problem(request, [])).toBe('Request body must be a JSON object');
    // A wrong kind anywhere comes before any rule.
    expect(problem(request, { name: '', kind: 1 })).toBe('kind must be text');
    expect(problem(request, { name: null, kind: 'b' })).toBe('Name?');
    expect(problem(request, { name: '   ', kind: 'b' })).toBe('Name?');
    expect(problem(request, { name: 'abcd' })).toBe('Too long');
    expect(problem(request, { name: 'bad', kind: 'b' })).toBe('Bad name');
    expect(problem(request, { name: 'ok', kind: 'b' })).toBe('Kind must be a');
  });

  it('builds a lazy contract once, on its first use', () => {
    let builds = 0;
    const lazy = c.lazy(() => {
      builds += 1;
      return c.text({ required: 'Missing' });
    });
    expect(builds).toBe(0);
    expect(lazy.parse('x')).toBe('x');
    expect(problem(lazy, '')).toBe('Missing');
    expect(builds).toBe(1);
  });

  it('throws ContractError from parse, which the server answers as a 400', () => {
    expect(() => request.parse({})).toThrow(c.ContractError);
    expect(() => request.parse({})).toThrow('Name?');
  });
});
