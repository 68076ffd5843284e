import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, stopProcess } from '../processes';

/** Debian's Chromium (apt-get install -y chromium fonts-noto-cjk), or CHROMIUM_PATH. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags every measured Chromium runs with: headless, and nothing of its own on the network. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface RunningChromium {
  /** The DevTools port Lighthouse connects to. */
  port: number;
  close(): Promise<void>;
}

/**
 * Starts Chromium with a DevTools port and a throwaway profile, and resolves once the port
 * answers. Started by hand rather than through chrome-launcher: it is Lighthouse's dependency,
 * not ours, and the whole job is one spawn and one poll.
 */
export async function launchChromium(): Promise<RunningChromium> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium fonts-noto-cjk)`);
  }
  const profile = await mkdtemp(path.join(tmpdir(), 'yingku-chromium-'));
  const port = await freePort();
  const child = spawn(
    CHROMIUM,
    [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  const close = async () => {
    await stopProcess(child);
    await rm(profile, { recursive: true, force: true });
  };
  try {
    await waitForDevTools(child, port);
  } catch (error) {
    await close();
    throw error;
  }
  return { port, close };
}

async function waitForDevTools(child: ChildProcess, port: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Chromium exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`Chromium's DevTools port ${port} did not answer in ${timeoutMs} ms`);
}
