import { readFileSync } from 'node:fs';

/** A process whose CPU a benchmark charges to the requests it measured. */
export interface MeasuredProcess {
  /** Service name (instances of one service are summed): `coordinator`, `nats-server`, `client`, … */
  name: string;
  pid: number;
}

/** CPU time per name, in ms, at one instant. */
export type CpuSnapshot = Map<string, number>;

// Linux reports utime/stime in clock ticks; 100 per second on every kernel config we run on.
const TICKS_PER_S = 100;

/** utime + stime of `pid` in ms, from /proc (undefined when unreadable: not Linux, or gone). */
export function processCpuMs(pid: number): number | undefined {
  if (pid === process.pid) {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 (comm) is parenthesised and may hold spaces: count fields after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return Number.isFinite(utime) && Number.isFinite(stime) ? ((utime + stime) * 1000) / TICKS_PER_S : undefined;
  } catch {
    return undefined;
  }
}

/** Summed CPU ms per name; undefined when any process could not be read (the figure would lie). */
export function snapshotCpu(procs: readonly MeasuredProcess[]): CpuSnapshot | undefined {
  const out: CpuSnapshot = new Map();
  for (const p of procs) {
    const ms = processCpuMs(p.pid);
    if (ms === undefined) return undefined;
    out.set(p.name, (out.get(p.name) ?? 0) + ms);
  }
  return out;
}

/**
 * CPU ms per completed request between two snapshots, per name and in total (rounded to
 * 0.01 ms). Tick granularity is 10 ms per process, so runs of a few hundred requests or more
 * are needed for two significant digits.
 */
export function cpuPerRequest(before: CpuSnapshot, after: CpuSnapshot, completed: number): Record<string, number> {
  const out: Record<string, number> = {};
  let total = 0;
  for (const [name, end] of after) {
    const used = end - (before.get(name) ?? end);
    total += used;
    out[name] = Math.round((used / Math.max(1, completed)) * 100) / 100;
  }
  out['total'] = Math.round((total / Math.max(1, completed)) * 100) / 100;
  return out;
}

/** The processes of a multi-process bench: its services, the private broker, and this client. */
export function benchProcesses(services: readonly { name: string; pid: number }[], natsPid?: number): MeasuredProcess[] {
  return [
    ...services.map((s) => ({ name: s.name, pid: s.pid })),
    ...(natsPid !== undefined ? [{ name: 'nats-server', pid: natsPid }] : []),
    { name: 'client', pid: process.pid },
  ];
}
