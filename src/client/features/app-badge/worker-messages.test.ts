import { describe, expect, it } from 'vitest';
import { createWorkerMessageQueue } from './worker-messages.js';

const post = (target: EventTarget, data: unknown) =>
  target.dispatchEvent(new MessageEvent('message', { data }));

describe('the service worker’s messages before the bridge loads', () => {
  it('keeps what arrives before anyone takes it, and hands it over in order, then the rest as it comes', () => {
    const container = new EventTarget();
    const queue = createWorkerMessageQueue();
    queue.capture(container);
    post(container, { type: 'NOTIFICATION_CLICKED', url: '/conversation/1', conversationId: '1' });
    post(container, { type: 'BADGE_UPDATED' });

    const seen: unknown[] = [];
    const release = queue.take((data) => seen.push(data));
    expect(seen).toEqual([
      { type: 'NOTIFICATION_CLICKED', url: '/conversation/1', conversationId: '1' },
      { type: 'BADGE_UPDATED' },
    ]);
    post(container, { type: 'AUTH_REQUIRED' });
    expect(seen).toHaveLength(3);

    // Released (the bridge unmounted): kept again for the next one, not handed to the old.
    release();
    post(container, { type: 'REFRESH' });
    expect(seen).toHaveLength(3);
    const next: unknown[] = [];
    queue.take((data) => next.push(data));
    expect(next).toEqual([{ type: 'REFRESH' }]);
  });

  it('keeps the latest 20 while nobody takes them', () => {
    const container = new EventTarget();
    const queue = createWorkerMessageQueue();
    queue.capture(container);
    for (let index = 0; index < 25; index += 1) post(container, index);
    const seen: unknown[] = [];
    queue.take((data) => seen.push(data));
    expect(seen).toEqual(Array.from({ length: 20 }, (_, index) => index + 5));
  });
});
