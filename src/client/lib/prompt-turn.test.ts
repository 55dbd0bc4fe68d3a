import { afterEach, describe, expect, it } from 'vitest';
import { type PromptName, promptDue, promptGone, promptInTurn } from './prompt-turn.js';

describe('prompts take turns', () => {
  afterEach(() => {
    for (const name of ['push-permission', 'install-overlay', 'ios-instructions'] as PromptName[])
      promptGone(name);
  });

  it('shows the first one due; the others follow in the order they came due', () => {
    expect(promptInTurn()).toBeNull();
    promptDue('install-overlay');
    promptDue('push-permission');
    promptDue('install-overlay'); // due again: still one place in the line
    promptDue('ios-instructions');
    expect(promptInTurn()).toBe('install-overlay');
    promptGone('install-overlay');
    expect(promptInTurn()).toBe('push-permission');
    // One that stops being due while waiting leaves the line without a turn.
    promptGone('ios-instructions');
    promptGone('push-permission');
    expect(promptInTurn()).toBeNull();
  });
});
