import { describe, expect, it } from 'vitest';
import { scrubTexts } from '../../../shared/messaging/scrub-texts.js';
import { type Sample, scrubCorpus } from './scrub.corpus.js';
import { scrubContactDetails } from './scrub.js';

/** Most misses allowed per category (docs/decisions/0148 has the counts measured). */
const allowedMisses: Record<Sample['category'], number> = {
  phone: 0,
  email: 0,
  link: 0,
  handle: 0,
  spaced: 0,
  spelled: 0,
  plate: 0,
  time: 0,
  price: 0,
  date: 0,
  sentence: 0,
};

const missed = (sample: Sample, masked: string) =>
  sample.expect === 'keep'
    ? masked !== sample.input
    : masked.includes(sample.secret) || !Object.values(scrubTexts).some((text) => masked.includes(text));

describe('the contact-details scrubber', () => {
  it('masks the corpus’s contact details and keeps its plates, times, prices, dates and sentences', () => {
    expect(scrubCorpus.length).toBeGreaterThanOrEqual(300);
    const misses = new Map<Sample['category'], string[]>();
    for (const sample of scrubCorpus) {
      const masked = scrubContactDetails(sample.input);
      if (missed(sample, masked)) {
        misses.set(sample.category, [...(misses.get(sample.category) ?? []), `${sample.input} → ${masked}`]);
      }
    }
    const falseNegatives = scrubCorpus.filter((s) => s.expect === 'hide');
    const falsePositives = scrubCorpus.filter((s) => s.expect === 'keep');
    const count = (samples: Sample[]) =>
      samples.filter((s) => misses.get(s.category)?.some((m) => m.startsWith(`${s.input} →`))).length;
    console.log(
      `scrub corpus: ${scrubCorpus.length} samples; false negatives ${count(falseNegatives)} of ${falseNegatives.length}; false positives ${count(falsePositives)} of ${falsePositives.length}`,
    );
    for (const [category, list] of misses)
      console.log(`  ${category}: ${list.length}\n    ${list.join('\n    ')}`);
    for (const category of Object.keys(allowedMisses) as Sample['category'][]) {
      expect(misses.get(category)?.length ?? 0, category).toBeLessThanOrEqual(allowedMisses[category]);
    }
  });

  it('replaces each kind by its own text and leaves the rest of the message', () => {
    expect(
      scrubContactDetails('call me on +44 7911 123456 or john@gmail.com, see t.me/kate or @kate_m'),
    ).toBe(
      `call me on ${scrubTexts.phone} or ${scrubTexts.email}, see ${scrubTexts.link} or ${scrubTexts.contact}`,
    );
    expect(scrubContactDetails('Your lights are on')).toBe('Your lights are on');
  });
});
