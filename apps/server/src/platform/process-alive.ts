import { readFileSync } from 'node:fs';

/** Whether a process with this pid exists (EPERM: it does, under another user); a zombie counts. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The fields of /proc/<pid>/stat from the third on (state, ppid, …: `[0]` is field 3), or null where there is
 * no /proc or the process is gone. The command name (field 2) may hold spaces and parentheses: count from
 * the last ')'.
 */
export function procStatFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/**
 * Whether the process still runs: alive and, where /proc tells, not a zombie (exited, not yet reaped by its
 * parent; a container's pid 1 may never reap it).
 */
export function isProcessRunning(pid: number): boolean {
  // Without /proc, kill(pid, 0) is all there is.
  return isProcessAlive(pid) && procStatFields(pid)?.[0] !== 'Z';
}
