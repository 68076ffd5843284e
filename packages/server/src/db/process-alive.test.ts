import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isProcessAlive } from './process-alive';

const state = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat[stat.lastIndexOf(')') + 2];
};

describe('isProcessAlive', () => {
  it('is true for a running process and false for none', () => {
    expect(isProcessAlive(process.pid)).toBe(true);
    expect(isProcessAlive(2 ** 22 + 12345)).toBe(false);
  });

  it('counts a zombie (exited, never reaped) as gone', async () => {
    // The shell starts a child, then becomes `sleep`, which never reaps it. The child outlives the
    // exec (a child that exited at once could be reaped by the shell itself before it exec'd).
    const parent = spawn('sh', ['-c', 'sleep 1 & echo $!; exec sleep 10'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      const zombie = Number(
        await new Promise<string>((resolve) => parent.stdout.once('data', (d) => resolve(String(d)))),
      );
      while (state(zombie) !== 'Z') await new Promise((resolve) => setTimeout(resolve, 20));
      expect(isProcessAlive(zombie)).toBe(false);
      expect(isProcessAlive(parent.pid!)).toBe(true);
    } finally {
      parent.kill('SIGKILL');
    }
  });
});
