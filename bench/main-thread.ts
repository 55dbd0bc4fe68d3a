// `npx tsx bench/main-thread.ts <trace.json>...`: where the main thread's time went while a page loaded, task by
// task, in a trace the Lighthouse bench kept (LIGHTHOUSE_REPORT_DIR=dir npm run bench lighthouse; with
// LIGHTHOUSE_PROFILE=1 the trace holds the JavaScript profiler's samples too). Prints each task of the page's
// main thread that Lighthouse's simulated throttling counts as long (it multiplies what it observed by four:
// longer than 12.5 ms observed, 50 ms there), what the trace says it was, and, with samples, the functions its
// time went to, named through the build's source maps when `vite build --sourcemap` made them. The blocking
// time it adds up is Lighthouse's before its simulation reorders the tasks. A diagnostic: it prints no ratio.
import fs from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map';
import { clientDir } from './bundle-sizes.js';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown> & { data?: Record<string, unknown>; beginData?: Record<string, unknown> };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

const maps = new Map<string, SourceMapConsumer | null>();
async function sourceMapOf(url: string) {
  if (!maps.has(url)) {
    const file = path.join(clientDir, `${new URL(url).pathname}.map`);
    maps.set(url, fs.existsSync(file) ? await new SourceMapConsumer(fs.readFileSync(file, 'utf8')) : null);
  }
  return maps.get(url);
}

async function nameOf(frame: ProfileNode['callFrame']) {
  if (!frame.url.startsWith('http')) return frame.functionName || `(${frame.url || 'native'})`;
  const map = await sourceMapOf(frame.url);
  const file = new URL(frame.url).pathname.split('/').pop();
  if (!map)
    return `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
  const original = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = original.source?.replace(/^.*node_modules\//, '~/').replace(/^(\.\.\/)+/, '');
  return `${original.name ?? frame.functionName ?? '(anonymous)'} ${source}:${original.line}`;
}

async function report(name: string, events: TraceEvent[]) {
  // The page's renderer: the one that parsed the page (a navigation may leave the first tab's process).
  const parse = events.find(
    (event) => event.name === 'ParseHTML' && String(event.args?.beginData?.url ?? '').startsWith('http'),
  );
  if (!parse) {
    process.stdout.write(
      `\n${name}: the trace holds no parse of the page (Chromium drops one now and then): run again\n`,
    );
    return;
  }
  const pageUrl = String(parse.args?.beginData?.url);
  const rendererPid = parse.pid;
  const mainTid = parse.tid;
  const navigation =
    events.find(
      (event) =>
        event.pid === rendererPid && event.name === 'navigationStart' && event.args?.data?.isLoadingMainFrame,
    ) ?? parse;
  const fcp = events.find((event) => event.pid === rendererPid && event.name === 'firstContentfulPaint');
  const origin = navigation.ts;
  const tasks = events.filter(
    (event) =>
      event.pid === rendererPid && event.tid === mainTid && event.name === 'RunTask' && event.ph === 'X',
  );

  // The CPU profile's samples, in the trace's clock.
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  let clock = 0;
  for (const event of events) {
    if (event.pid !== rendererPid || event.name !== 'ProfileChunk') continue;
    const data = event.args?.data as {
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
    for (const node of data.cpuProfile?.nodes ?? []) {
      node.callFrame.url ??= '';
      nodes.set(node.id, node);
    }
    const ids = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    for (const [index, id] of ids.entries()) {
      clock += deltas[index] ?? 0;
      samples.push({ ts: clock, node: id });
    }
  }
  const profile = events.find((event) => event.pid === rendererPid && event.name === 'Profile');
  const profileStart = (profile?.args?.data as { startTime?: number } | undefined)?.startTime ?? 0;
  for (const sample of samples) sample.ts += profileStart;

  const ms = (microseconds: number) => (microseconds / 1000).toFixed(0);
  process.stdout.write(
    `\n${name}: FCP at ${fcp ? ms(fcp.ts - origin) : '?'} ms (as observed; times 4 below)\n`,
  );
  let blocking = 0;
  for (const task of tasks) {
    const duration = task.dur ?? 0;
    if (duration * 4 < 50_000 || task.ts < origin) continue;
    if (fcp && task.ts >= fcp.ts) blocking += duration * 4 - 50_000;
    // What the task was, as the trace names it: its longest direct parts.
    const parts = events
      .filter(
        (event) =>
          event.pid === rendererPid &&
          event.tid === mainTid &&
          event.ph === 'X' &&
          event !== task &&
          event.ts >= task.ts &&
          event.ts < task.ts + duration &&
          (event.dur ?? 0) > 1000,
      )
      .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
      .slice(0, 4)
      .map((event) => {
        const data = event.args?.data ?? event.args?.beginData;
        const url = String(data?.url ?? data?.functionName ?? data?.type ?? '').replace(
          pageUrl.replace(/\/[^/]*$/, ''),
          '',
        );
        return `${event.name}${url ? ` ${url.slice(-60)}` : ''} ${ms((event.dur ?? 0) * 4)}`;
      });
    const inside = samples.filter((sample) => sample.ts >= task.ts && sample.ts < task.ts + duration);
    const self = new Map<string, number>();
    const entry = new Map<string, number>();
    for (const sample of inside) {
      const node = nodes.get(sample.node);
      if (!node) continue;
      let leaf = await nameOf(node.callFrame);
      // A browser's own function (appendChild, say) is named with the app's function that called it.
      const caller = node.parent ? nodes.get(node.parent) : undefined;
      if (!node.callFrame.url && caller?.callFrame.url) leaf += ` ← ${await nameOf(caller.callFrame)}`;
      self.set(leaf, (self.get(leaf) ?? 0) + 1);
      // The outermost frame of the app's own code: which of its parts the time went to.
      let outer: string | undefined;
      for (let at: ProfileNode | undefined = node; at; at = at.parent ? nodes.get(at.parent) : undefined) {
        if (at.callFrame.url.startsWith('http')) outer = await nameOf(at.callFrame);
      }
      if (outer) entry.set(outer, (entry.get(outer) ?? 0) + 1);
    }
    const top = (counts: Map<string, number>, count: number) =>
      [...counts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, count)
        .map(([fn, n]) => `${((n / Math.max(1, inside.length)) * 100).toFixed(0)}% ${fn}`)
        .join('\n      ');
    process.stdout.write(
      `  task at ${ms(task.ts - origin)} ms, ${ms(duration * 4)} ms${fcp && task.ts < fcp.ts ? ' (before FCP)' : ''}, ${inside.length} samples\n    ${parts.join('; ')}\n    self:\n      ${top(self, 8)}\n    from:\n      ${top(entry, 5)}\n`,
    );
  }
  process.stdout.write(`  blocking time after FCP (each task times 4): ${ms(blocking)} ms\n`);
}

const files = process.argv.slice(2);
if (files.length === 0) throw new Error('usage: npx tsx bench/main-thread.ts <trace.json>...');
for (const file of files) {
  const trace = JSON.parse(fs.readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] };
  await report(path.basename(file), trace.traceEvents);
}
