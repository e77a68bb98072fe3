// Where the main thread's time goes on a signed-in visit to / (what `pnpm lighthouse` counts as
// total blocking time): a sampling CPU profile under 4× CPU throttling, as Lighthouse's mobile
// profile assumes, of a cold load after the real sign-in. Prints the long tasks (over 50 ms) and,
// for the whole load, the self time by source file of the app (through the build's source maps)
// and by function.
//
//   node scripts/lighthouse/profile.mjs DIR       DIR: a `vite build --sourcemap --outDir DIR` of
//                                                 packages/app (the server never serves *.map: the
//                                                 maps are read from DIR here)
//   node scripts/lighthouse/profile.mjs DIR --runs 3 --top 40
//   PROFILE_SAVE=/tmp/home node scripts/lighthouse/profile.mjs DIR
//                                                 also writes each run's profile and trace to
//                                                 /tmp/home-N.cpuprofile and -N.trace.json
//                                                 (DevTools opens both)
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { root } from '../lib.mjs';
import { launchChromium, signInThroughTheUi, startServer } from './browser.mjs';

const argument = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : process.argv[index + 1];
};
const distDir = process.argv[2];
if (!distDir || distDir.startsWith('--')) {
  console.error(
    '使い方: node scripts/lighthouse/profile.mjs <sourcemap 付きビルドのフォルダ> [--runs N] [--top N]',
  );
  process.exit(2);
}
const runs = Number(argument('--runs', 1));
const top = Number(argument('--top', 30));

const { TraceMap, originalPositionFor, LEAST_UPPER_BOUND } = await import(
  join(root, 'node_modules/.pnpm/node_modules/@jridgewell/trace-mapping/dist/trace-mapping.mjs')
).catch(() => import('@jridgewell/trace-mapping'));
const { chromium } = await import('playwright-core');

const maps = new Map();
function sourceOf(url, line, column, bias) {
  const match = /\/assets\/([^/?#]+\.js)$/.exec(url);
  if (!match) return url ? url.replace(/^https?:\/\/[^/]+/, '') : '(native)';
  let map = maps.get(match[1]);
  if (map === undefined) {
    try {
      map = new TraceMap(readFileSync(join(distDir, 'assets', `${match[1]}.map`), 'utf8'));
    } catch {
      map = null;
    }
    maps.set(match[1], map);
  }
  if (!map) return match[1];
  const position = originalPositionFor(map, { line: line + 1, column, ...(bias ? { bias } : {}) });
  if (!position.source) return match[1];
  const path = position.source.replace(/^(\.\.\/)+/, '');
  return path.replace(/^.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, '');
}

async function profileOnce(baseUrl) {
  const browserProcess = await launchChromium();
  try {
    await signInThroughTheUi(browserProcess.port, baseUrl);
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${browserProcess.port}`);
    const page = await browser.contexts()[0].newPage();
    await page.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await browser.startTracing(page, {
      categories: [
        'toplevel',
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'v8',
      ],
    });
    await page.goto(`${baseUrl}/`);
    // Nothing polls the page while it loads (a locator's polling would be in the profile): the
    // notification stream stays open (never network-idle), and the load is over by then.
    await page.waitForTimeout(8000);
    const { profile } = await cdp.send('Profiler.stop');
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
    await page.getByRole('heading', { name: 'ダッシュボード' }).waitFor({ timeout: 60_000 });
    const longTasks = await page.evaluate(() => window.__longTasks);
    const paints = await page.evaluate(() =>
      performance.getEntriesByType('paint').map((entry) => [entry.name, Math.round(entry.startTime)]),
    );
    await browser.close();
    return { profile, longTasks, paints, trace };
  } finally {
    await browserProcess.stop();
  }
}

/**
 * The renderer's main-thread tasks over 50 ms in the trace, each with its time by kind of work
 * (script, style, layout, paint, parsing, garbage collection…), nested events counted once.
 */
function traceTasks(trace) {
  const events = trace.traceEvents ?? trace;
  const mains = events.filter(
    (event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  );
  const busiest = mains
    .map(({ pid, tid }) => ({
      pid,
      tid,
      busy: events
        .filter((event) => event.pid === pid && event.tid === tid && event.name === 'RunTask')
        .reduce((sum, event) => sum + (event.dur ?? 0), 0),
    }))
    .sort((a, b) => b.busy - a.busy)[0];
  if (!busiest) return [];
  const thread = events
    .filter(
      (event) => event.pid === busiest.pid && event.tid === busiest.tid && event.ph === 'X' && event.dur,
    )
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const navigation = events.find(
    (event) => event.name === 'navigationStart' && event.pid === busiest.pid,
  )?.ts;
  const tasks = [];
  let task = null;
  const stack = [];
  for (const event of thread) {
    if (event.name === 'RunTask' && (!task || event.ts >= task.end)) {
      task = { start: event.ts, end: event.ts + event.dur, entries: [] };
      tasks.push(task);
      stack.length = 0;
      continue;
    }
    if (!task || event.ts >= task.end) continue;
    while (stack.length && event.ts >= stack.at(-1).ts + stack.at(-1).dur) stack.pop();
    const parent = stack.at(-1);
    if (parent) parent.self -= event.dur;
    const entry = { ts: event.ts, dur: event.dur, self: event.dur, name: event.name };
    stack.push(entry);
    task.entries.push(entry);
  }
  return tasks
    .filter((each) => each.end - each.start > 50_000)
    .map((each) => {
      const kinds = new Map();
      for (const entry of each.entries) kinds.set(entry.name, (kinds.get(entry.name) ?? 0) + entry.self);
      return { start: each.start - (navigation ?? tasks[0].start), duration: each.end - each.start, kinds };
    });
}

/**
 * The busy stretches of the profile over 50 ms (runs of samples outside (idle), with gaps under
 * 2 ms bridged), each with the sources that took most of it: the long tasks, told apart by code.
 */
function busyStretches(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const stretches = [];
  let current = null;
  let time = profile.startTime;
  for (let index = 0; index < profile.samples.length; index += 1) {
    time += profile.timeDeltas[index];
    const delta = profile.timeDeltas[index + 1] ?? 0;
    const { callFrame } = nodes.get(profile.samples[index]);
    if (callFrame.functionName === '(idle)') {
      if (current && time - current.end > 2000) {
        stretches.push(current);
        current = null;
      }
      continue;
    }
    if (!current) current = { start: time, end: time, sources: new Map() };
    current.end = time + delta;
    const source =
      callFrame.functionName === '(program)' || callFrame.functionName === '(garbage collector)'
        ? callFrame.functionName
        : sourceOf(callFrame.url, callFrame.lineNumber, callFrame.columnNumber);
    current.sources.set(source, (current.sources.get(source) ?? 0) + delta);
  }
  if (current) stretches.push(current);
  return stretches
    .filter((stretch) => stretch.end - stretch.start > 50_000)
    .map((stretch) => ({
      ...stretch,
      end: stretch.end - profile.startTime,
      start: stretch.start - profile.startTime,
    }));
}

function selfTimes(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  for (let index = 0; index < profile.samples.length; index += 1) {
    const delta = profile.timeDeltas[index + 1] ?? 0;
    self.set(profile.samples[index], (self.get(profile.samples[index]) ?? 0) + delta);
  }
  const bySource = new Map();
  const byFunction = new Map();
  for (const [id, micros] of self) {
    const { callFrame, positionTicks } = nodes.get(id);
    if (['(idle)', '(program)', '(root)'].includes(callFrame.functionName)) continue;
    const source = sourceOf(callFrame.url, callFrame.lineNumber, callFrame.columnNumber);
    if (positionTicks?.length && !callFrame.functionName) {
      // A module's top level (one function for a whole chunk): its lines tell the modules apart.
      const ticks = positionTicks.reduce((sum, tick) => sum + tick.ticks, 0);
      for (const tick of positionTicks) {
        if (process.env.PROFILE_LINES)
          console.log(
            'tick',
            callFrame.url.replace(/.*\//, ''),
            tick.line,
            tick.ticks,
            Math.round((micros * tick.ticks) / ticks / 1000),
          );
        const line = `${sourceOf(callFrame.url, tick.line - 1, 0, LEAST_UPPER_BOUND)} (top level)`;
        bySource.set(line, (bySource.get(line) ?? 0) + (micros * tick.ticks) / ticks);
      }
    } else bySource.set(source, (bySource.get(source) ?? 0) + micros);
    const name = `${callFrame.functionName || '(anonymous)'} ${source}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  }
  return {
    bySource,
    byFunction,
    gc: [...self].filter(([id]) => nodes.get(id).callFrame.functionName === '(garbage collector)'),
  };
}

const print = (title, map) => {
  console.log(`\n${title}`);
  const total = [...map.values()].reduce((sum, value) => sum + value, 0);
  console.log(`  計 ${(total / 1000).toFixed(0)} ms`);
  for (const [name, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${(micros / 1000).toFixed(1).padStart(8)} ms  ${name}`);
};

const server = await startServer({ appDistDir: distDir });
try {
  for (let run = 1; run <= runs; run += 1) {
    const { profile, longTasks, paints, trace } = await profileOnce(server.url);
    if (process.env.PROFILE_SAVE) {
      writeFileSync(`${process.env.PROFILE_SAVE}-${run}.cpuprofile`, JSON.stringify(profile));
      writeFileSync(`${process.env.PROFILE_SAVE}-${run}.trace.json`, JSON.stringify(trace));
    }
    console.log(`\n=== ${run} 回目（CPU 4 倍遅く）: 描画 ${paints.map((p) => p.join(' ')).join('、')} ms`);
    const blocking = longTasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
    console.log(`長いタスク ${longTasks.length} 件、50 ms を超えた分の計 ${Math.round(blocking)} ms:`);
    for (const task of longTasks)
      console.log(`  ${Math.round(task.start)} ms から ${Math.round(task.duration)} ms`);
    console.log('トレースの 50 ms を超えるタスク（ナビゲーションの開始から、仕事の種類ごと）:');
    for (const each of traceTasks(trace)) {
      const parts = [...each.kinds]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 7)
        .map(([name, micros]) => `${name} ${(micros / 1000).toFixed(0)}`);
      console.log(
        `  ${(each.start / 1000).toFixed(0)} ms から ${(each.duration / 1000).toFixed(0)} ms: ${parts.join('、')}`,
      );
    }
    console.log('50 ms を超える連続した仕事（プロファイルの開始から）:');
    for (const stretch of busyStretches(profile)) {
      const parts = [...stretch.sources]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(
          ([name, micros]) => `${name.replace(/^work\/[^/]+\/packages\//, '')} ${(micros / 1000).toFixed(0)}`,
        );
      console.log(
        `  ${(stretch.start / 1000).toFixed(0)} ms から ${((stretch.end - stretch.start) / 1000).toFixed(0)} ms: ${parts.join('、')}`,
      );
    }
    const { bySource, byFunction } = selfTimes(profile);
    print('ソースごとの自己時間', bySource);
    print('関数ごとの自己時間', byFunction);
  }
} finally {
  await server.stop();
}
console.log(`\n（${relative(root, distDir) || distDir} のソースマップで読み替えました）`);
