import path from 'node:path';
import { freePort, startProcess, stopProcess } from './processes';
import type { Ceiling } from './report';
import { type CeilingSettings, measureCeiling } from './run-scenario';
import type { SigningKeys } from './signed-get';

/** The keys the bench's servers are started with and its requests are signed with. */
export const KEYS: SigningKeys = { secret: 'bench-sign-secret', appId: 'bench-app' };

/**
 * The ceiling every figure is set against: a Fastify hello-world (`hello-world.ts`) in a process
 * of its own, measured with the same client, connections and signing as the API.
 */
export async function helloWorldCeiling(options: CeilingSettings): Promise<Ceiling> {
  const port = await freePort();
  const hello = await startProcess(
    path.join(import.meta.dirname, 'hello-world.ts'),
    { PORT: String(port) },
    /listening/,
  );
  try {
    return await measureCeiling(`http://127.0.0.1:${port}`, options, KEYS);
  } finally {
    await stopProcess(hello);
  }
}
