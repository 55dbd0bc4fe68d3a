import fs from 'node:fs';
import { setupI18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { readTextsFrom } from '../../../shared/i18n/texts.js';
import {
  DEFAULT_QUICK_MESSAGES,
  isUrgent,
  shownQuickMessage,
} from '../../../shared/messaging/messages.contract.js';

// The default quick messages in the reader's language (docs/decisions/0165): kept in English, shown translated.
const german = setupI18n({
  locale: 'de-DE',
  messages: {
    'de-DE': JSON.parse(
      fs.readFileSync(new URL('../../../../locales/de-DE/all.json', import.meta.url), 'utf8'),
    ),
  },
});

describe('the default quick messages', () => {
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  it('are shown as kept outside any language (English)', () => {
    expect(DEFAULT_QUICK_MESSAGES.map(shownQuickMessage)).toEqual([...DEFAULT_QUICK_MESSAGES]);
  });

  it('are shown in the reader’s language; a user’s own quick message as written', () => {
    restore = readTextsFrom(() => german);
    expect(shownQuickMessage('Your lights are on')).toBe('Ihr Licht ist an');
    expect(shownQuickMessage('Emergency - please move your car')).toBe(
      'Notfall – bitte fahren Sie Ihr Auto weg',
    );
    expect(shownQuickMessage('Move please')).toBe('Move please');
  });

  it('are urgent in English and in the reader’s language, the others not', () => {
    restore = readTextsFrom(() => german);
    expect(isUrgent(undefined, 'Ihr Auto blockiert meine Einfahrt')).toBe(true);
    expect(isUrgent(undefined, ' Your car is blocking my driveway ')).toBe(true);
    expect(isUrgent(undefined, 'Ihr Licht ist an')).toBe(false);
    expect(isUrgent(false, 'Ihr Auto blockiert meine Einfahrt')).toBe(false);
  });
});
