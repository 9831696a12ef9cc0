import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

let clockTicks: number | undefined;

/** Clock ticks per second of /proc's CPU times (getconf CLK_TCK; 100 on Linux in practice). */
function ticksPerSecond(): number {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/** CPU time (user + system, ms) a process has used so far, from /proc/<pid>/stat. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces), counted from field 3 (state).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / ticksPerSecond();
}

/** Resident memory (KB) of a process now, from /proc/<pid>/status VmRSS. */
export function rssKb(pid: number): number {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match?.[1]) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]);
}

/** The whole machine's CPU time so far (ms, all cores): busy (not idle or iowait) and total. */
export function machineCpuMs(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] as string;
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = ticks.reduce((a, b) => a + b, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  const scale = 1000 / ticksPerSecond();
  return { busy: (total - idle) * scale, total: total * scale };
}

/**
 * Times the kernel's accept queue of a listening socket overflowed (TcpExt ListenOverflows in
 * /proc/net/netstat, this network namespace, since boot): each is a SYN dropped, whose connect is
 * retried 1, 3, then 7 s later.
 */
export function listenOverflows(): number {
  const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n');
  for (let i = 0; i + 1 < lines.length; i += 2) {
    const names = (lines[i] as string).trim().split(/\s+/);
    if (names[0] !== 'TcpExt:') continue;
    const values = (lines[i + 1] as string).trim().split(/\s+/);
    const at = names.indexOf('ListenOverflows');
    return at > 0 ? Number(values[at]) : Number.NaN;
  }
  return Number.NaN;
}
