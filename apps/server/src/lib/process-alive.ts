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
 * Whether the process still runs: alive and, where /proc tells, not a zombie (exited, not yet reaped by its
 * parent; a container's pid 1 may never reap it).
 */
export function isProcessRunning(pid: number): boolean {
  if (!isProcessAlive(pid)) return false;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // no /proc: kill(pid, 0) is all there is
  }
}
