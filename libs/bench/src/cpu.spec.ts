import { spawn } from 'node:child_process';
import { benchProcesses, cpuPerRequest, processCpuMs, snapshotCpu } from './cpu';

describe('bench CPU accounting', () => {
  it('charges CPU per completed request, per name and in total, summing instances of one service', () => {
    const before = new Map([
      ['coordinator', 1000],
      ['worker-triage', 500],
    ]);
    const after = new Map([
      ['coordinator', 1600],
      ['worker-triage', 800],
    ]);
    expect(cpuPerRequest(before, after, 300)).toEqual({ coordinator: 2, 'worker-triage': 1, total: 3 });
    const snap = snapshotCpu([
      { name: 'client', pid: process.pid },
      { name: 'client', pid: process.pid },
    ]);
    const own = processCpuMs(process.pid) ?? 0;
    expect(snap?.get('client')).toBeGreaterThanOrEqual(2 * own - 50);
  });

  it('reads another process from /proc, and refuses a snapshot with a process it cannot read', async () => {
    // A child that burns CPU until told to stop, so its utime grows past one clock tick.
    const child = spawn(process.execPath, ['-e', 'process.stdin.on("data",()=>process.exit(0));for(const t=Date.now();Date.now()-t<400;);process.stdout.write("x")'], {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    try {
      await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
      const pid = child.pid as number;
      const ms = processCpuMs(pid);
      if (process.platform === 'linux') expect(ms).toBeGreaterThan(0);
      expect(snapshotCpu([{ name: 'gone', pid: 2 ** 22 + 7 }])).toBeUndefined();
      expect(benchProcesses([{ name: 'lead', pid }], 42).map((p) => p.name)).toEqual(['lead', 'nats-server', 'client']);
    } finally {
      child.stdin.end('stop');
      await new Promise((r) => child.once('exit', r));
    }
  });
});
