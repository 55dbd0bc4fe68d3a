import { describe, expect, it } from 'vitest';
import { fullName, greeting, userInitial } from './user-display.js';

describe('fullName', () => {
  it.each([
    ['Ada', 'Lovelace', 'Ada Lovelace'],
    ['Ada', null, 'Ada'],
    [null, 'Lovelace', 'Lovelace'],
    [null, null, null],
    ['  ', '', null],
  ])('%s + %s gives %s', (firstName, lastName, expected) => {
    expect(fullName({ firstName, lastName })).toBe(expected);
  });
});

describe('userInitial', () => {
  it.each([
    ['ada', 'x@example.com', 'A'],
    [null, 'zoe@example.com', 'Z'],
    ['  ', 'bob@example.com', 'B'],
    [null, '', '?'],
  ])('%s / %s gives %s', (firstName, email, expected) => {
    expect(userInitial({ firstName, email })).toBe(expected);
  });
});

describe('greeting', () => {
  it.each([
    ['Ann', 'Hi, Ann'],
    ['  Ann ', 'Hi, Ann'],
    [null, 'Hi there'],
    ['', 'Hi there'],
    ['   ', 'Hi there'],
  ])('%j gives %s', (firstName, expected) => {
    expect(greeting({ firstName })).toBe(expected);
  });
});
