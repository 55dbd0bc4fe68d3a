import { describe, expect, it } from 'vitest';
import { pageTitle, shouldFocusHeading } from './page-title.js';

describe('pageTitle', () => {
  it('names the page, then the product', () => {
    expect(pageTitle('My Vehicles')).toBe('My Vehicles · Vehicle Contact');
    expect(pageTitle('')).toBe('Vehicle Contact');
  });
});

describe('shouldFocusHeading', () => {
  it('moves focus only when the path changed', () => {
    expect(shouldFocusHeading('/', '/profile')).toBe(true);
    expect(shouldFocusHeading('/vehicle-edit/1', '/vehicle-edit/2')).toBe(true);
    expect(shouldFocusHeading('/profile', '/profile')).toBe(false);
  });
});
