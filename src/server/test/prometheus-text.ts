/**
 * A strict parser of Prometheus' text exposition format (0.0.4), for tests: every sample belongs to a
 * family whose TYPE came first, names and labels are well formed, no series appears twice, and a histogram's
 * buckets climb to a +Inf bucket equal to its count. Anything else throws, naming the line.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  help?: string;
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

/** As Prometheus reads a value (Go's ParseFloat: NaN and Inf in any case). */
function parseValue(text: string, line: string): number {
  if (/^\+?inf(inity)?$/i.test(text)) return Number.POSITIVE_INFINITY;
  if (/^-inf(inity)?$/i.test(text)) return Number.NEGATIVE_INFINITY;
  if (/^nan$/i.test(text)) return Number.NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`Bad value in: ${line}`);
  return Number(text);
}

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let rest = text;
  while (rest.length > 0) {
    const match = /^([^=]+)="((?:[^"\\\n]|\\[\\"n])*)"(,?)/.exec(rest);
    if (!match) throw new Error(`Bad labels in: ${line}`);
    const [whole, name = '', raw = '', comma] = match;
    if (!LABEL_NAME.test(name) || name in labels) throw new Error(`Bad label name ${name} in: ${line}`);
    labels[name] = raw.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    rest = rest.slice(whole.length);
    if (!comma && rest.length > 0) throw new Error(`Bad labels in: ${line}`);
  }
  return labels;
}

const suffixes: Record<Family['type'], string[]> = {
  counter: [''],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

export function parsePrometheusText(text: string): Map<string, Family> {
  if (!text.endsWith('\n')) throw new Error('The exposition must end with a line feed');
  const families = new Map<string, Family>();
  const seen = new Set<string>();
  for (const line of text.slice(0, -1).split('\n')) {
    if (line === '') continue;
    const comment = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
    if (comment) {
      const [, kind, name = '', rest = ''] = comment;
      if (!NAME.test(name)) throw new Error(`Bad metric name in: ${line}`);
      const family = families.get(name) ?? { name, type: 'untyped' as const, samples: [] };
      if (kind === 'TYPE') {
        if (!TYPES.has(rest) || family.samples.length > 0) throw new Error(`Bad TYPE: ${line}`);
        family.type = rest as Family['type'];
      } else {
        family.help = rest;
      }
      families.set(name, family);
      continue;
    }
    if (line.startsWith('#')) continue;
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: (-?\d+))?$/.exec(line);
    if (!sample) throw new Error(`Bad sample line: ${line}`);
    const [, name = '', labelText = '', valueText = ''] = sample;
    const family = [...families.values()].find((candidate) =>
      suffixes[candidate.type].some((suffix) => `${candidate.name}${suffix}` === name),
    );
    if (!family) throw new Error(`Sample of no declared family: ${line}`);
    const labels = parseLabels(labelText, line);
    const key = `${name}${JSON.stringify(Object.entries(labels).sort())}`;
    if (seen.has(key)) throw new Error(`Series twice: ${line}`);
    seen.add(key);
    family.samples.push({ name, labels, value: parseValue(valueText, line) });
  }
  for (const family of families.values()) if (family.type === 'histogram') checkHistogram(family);
  return families;
}

function checkHistogram(family: Family) {
  const series = new Map<string, Sample[]>();
  for (const sample of family.samples.filter((s) => s.name.endsWith('_bucket'))) {
    const { le, ...rest } = sample.labels;
    if (le === undefined) throw new Error(`${family.name}: a bucket without le`);
    const key = JSON.stringify(Object.entries(rest).sort());
    series.set(key, [...(series.get(key) ?? []), sample]);
  }
  for (const [key, buckets] of series) {
    const bounds = buckets.map((bucket) => parseValue(bucket.labels.le ?? '', family.name));
    for (let i = 1; i < buckets.length; i++) {
      if (
        !((bounds[i] ?? 0) > (bounds[i - 1] ?? 0)) ||
        (buckets[i]?.value ?? 0) < (buckets[i - 1]?.value ?? 0)
      )
        throw new Error(`${family.name}: buckets out of order for ${key}`);
    }
    const count = family.samples.find(
      (s) => s.name === `${family.name}_count` && JSON.stringify(Object.entries(s.labels).sort()) === key,
    );
    if (bounds.at(-1) !== Number.POSITIVE_INFINITY || buckets.at(-1)?.value !== count?.value)
      throw new Error(`${family.name}: the +Inf bucket is not its count for ${key}`);
  }
}

/** The value of one series (0 when it has not appeared yet: a labelled counter appears on its first use). */
export function seriesValue(
  families: Map<string, Family>,
  name: string,
  labels: Record<string, string> = {},
) {
  const family = [...families.values()].find((f) => suffixes[f.type].some((s) => `${f.name}${s}` === name));
  const sample = family?.samples.find(
    (s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  );
  return sample?.value ?? 0;
}
