import { describe, expect, it } from 'vitest';
import { holdsText, isFillingFocused, isTypedField } from './form-in-progress.js';

describe('a form being filled', () => {
  it('is typed into through text inputs, textareas and editable regions', () => {
    for (const type of ['text', 'email', 'search', 'tel', 'password', 'number', 'TEXT']) {
      expect(isTypedField({ tagName: 'INPUT', type }), type).toBe(true);
    }
    expect(isTypedField({ tagName: 'TEXTAREA' })).toBe(true);
    expect(isTypedField({ tagName: 'DIV', isContentEditable: true })).toBe(true);
  });

  it('is not typed into through buttons, boxes to tick, read-only or disabled fields', () => {
    for (const type of ['checkbox', 'radio', 'submit', 'button', 'hidden', 'file', 'range']) {
      expect(isTypedField({ tagName: 'INPUT', type }), type).toBe(false);
    }
    expect(isTypedField({ tagName: 'BUTTON' })).toBe(false);
    expect(isTypedField({ tagName: 'BODY' })).toBe(false);
    expect(isTypedField({ tagName: 'TEXTAREA', readOnly: true })).toBe(false);
    expect(isTypedField({ tagName: 'INPUT', type: 'text', disabled: true })).toBe(false);
    expect(isTypedField(null)).toBe(false);
  });

  it('holds text once something is in a typed field', () => {
    expect(holdsText({ tagName: 'TEXTAREA', value: 'Your lights are on' })).toBe(true);
    expect(holdsText({ tagName: 'TEXTAREA', value: '' })).toBe(false);
    expect(holdsText({ tagName: 'INPUT', type: 'checkbox', value: 'on' })).toBe(false);
  });

  it('holds nothing unsent in a field that saves each change itself (a setting)', () => {
    expect(holdsText({ tagName: 'INPUT', type: 'time', value: '22:00', dataset: { savesItself: '' } })).toBe(
      false,
    );
    expect(holdsText({ tagName: 'INPUT', type: 'time', value: '22:00', dataset: {} })).toBe(true);
  });

  it('is being filled while a typed field or a list to choose from has focus', () => {
    expect(isFillingFocused({ tagName: 'TEXTAREA' })).toBe(true);
    expect(isFillingFocused({ tagName: 'SELECT' })).toBe(true);
    expect(isFillingFocused({ tagName: 'SELECT', disabled: true })).toBe(false);
    expect(isFillingFocused({ tagName: 'A' })).toBe(false);
    expect(isFillingFocused(null)).toBe(false);
  });
});
