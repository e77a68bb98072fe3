// The server's resident memory during a soak: VmRSS sampled from /proc at a fixed interval, plus
// VmHWM (the kernel's own high-water mark, so a peak between two samples is not missed), and the
// slopes that tell a leak from V8's saw teeth.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { rssKiB } from './product.mjs';

/** VmHWM of /proc/<pid>/status: the highest RSS since the process started, in KiB (null if gone). */
export function peakRssKiB(pid) {
  try {
    const match = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

export const mib = (kib) => (Number.isFinite(kib) ? `${(kib / 1024).toFixed(1)} MiB` : '—');
const perMinute = (slope) =>
  Number.isFinite(slope) ? `${slope >= 0 ? '+' : ''}${slope.toFixed(2)} MiB/分` : '—（3 分以上で出ます）';

/** Least-squares slope of (seconds, KiB) samples, in MiB per minute. */
function slopeMiBPerMinute(samples) {
  if (samples.length < 2) return Number.NaN;
  const n = samples.length;
  const mx = samples.reduce((s, p) => s + p.seconds, 0) / n;
  const my = samples.reduce((s, p) => s + p.kib, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of samples) {
    num += (p.seconds - mx) * (p.kib - my);
    den += (p.seconds - mx) ** 2;
  }
  return den === 0 ? 0 : ((num / den) * 60) / 1024;
}

/**
 * V8 gives memory back in large steps, so RSS climbs in saw teeth and the overall slope depends on
 * which tooth the run ended on; a leak shows as a rising floor: the lowest sample of each minute,
 * without the first (start-up: JIT, caches, the pool) and without a last minute cut short.
 */
function minuteFloors(samples, seconds) {
  const floors = [];
  for (const sample of samples) {
    const minute = Math.floor(sample.seconds / 60);
    if (minute < 1 || sample.seconds >= Math.floor(seconds / 60) * 60) continue;
    const floor = floors.find((f) => f.minute === minute);
    if (!floor) floors.push({ minute, seconds: minute * 60 + 30, kib: sample.kib });
    else floor.kib = Math.min(floor.kib, sample.kib);
  }
  return floors;
}

/**
 * Starts sampling the RSS of `pid` every `everySeconds` (the first sample now: the start of the
 * load). `stop()` takes a last sample and VmHWM — call it before the server is stopped — and
 * returns the summary for the report and the JSON.
 */
export function watchMemory(pid, everySeconds) {
  const started = performance.now();
  const samples = [];
  const sample = () => {
    const kib = rssKiB(pid);
    if (kib !== null) samples.push({ seconds: (performance.now() - started) / 1000, kib });
  };
  sample();
  const timer = setInterval(sample, everySeconds * 1000);
  return {
    everySeconds,
    latest: () => samples.at(-1)?.kib ?? null,
    stop() {
      clearInterval(timer);
      sample();
      const seconds = (performance.now() - started) / 1000;
      const floors = minuteFloors(samples, seconds);
      return {
        everySeconds,
        startKiB: samples[0]?.kib ?? null,
        endKiB: samples.at(-1)?.kib ?? null,
        maxKiB: samples.length ? Math.max(...samples.map((p) => p.kib)) : null,
        // Since the server started, so it also covers boot and seeding.
        highWaterKiB: peakRssKiB(pid),
        // Over a shorter run the slope is mostly the warm-up (JIT, caches, the pool's connections).
        slopeMiBPerMinute: seconds >= 180 ? slopeMiBPerMinute(samples) : Number.NaN,
        floorSlopeMiBPerMinute: slopeMiBPerMinute(floors),
        floors,
        samples,
      };
    },
  };
}

/** The RSS line of the report. */
export const memoryLine = (memory) =>
  `サーバーの RSS（${memory.everySeconds} 秒ごと）: 開始 ${mib(memory.startKiB)} → 終了 ${mib(memory.endKiB)}、` +
  `最大 ${mib(memory.maxKiB)}（起動からの最大 VmHWM ${mib(memory.highWaterKiB)}）、` +
  `傾き ${perMinute(memory.slopeMiBPerMinute)}、下限（各分の最小値、2 分目から）の傾き ${perMinute(memory.floorSlopeMiBPerMinute)}`;
