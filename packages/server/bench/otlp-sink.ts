import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * The sink's own process: an OTLP/HTTP endpoint on loopback that reads each export and answers
 * as a collector does (an empty ExportTraceServiceResponse is zero bytes of protobuf), counting.
 * Its own process, as a collector is: in the bench's process, the load generator's busy event
 * loop would answer exports late and the server would pile them up.
 */
const SINK = `
const { createServer } = require('node:http');
let exports = 0, bytes = 0;
const server = createServer((req, res) => {
  req.on('data', (chunk) => (bytes += chunk.length));
  req.on('end', () => {
    exports += 1;
    res.writeHead(200, { 'content-type': 'application/x-protobuf', 'content-length': '0' }).end();
  });
});
server.listen(0, '127.0.0.1', () => console.log('port ' + server.address().port));
require('node:readline').createInterface({ input: process.stdin }).on('line', () =>
  console.log('received ' + JSON.stringify({ exports, bytes })),
);
`;

/**
 * Where a traced server sends its spans during `npm run bench -- --tracing` (decision 081). It
 * shares the machine with the server and the load generator, as a collector beside a server
 * would; the export's own cost is the server's, and so part of what is measured.
 */
export async function startOtlpSink(): Promise<{
  endpoint: string;
  received(): Promise<{ exports: number; bytes: number }>;
  close(): Promise<void>;
}> {
  const child = spawn(process.execPath, ['-e', SINK], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const next = (prefix: string) =>
    new Promise<string>((resolve) => {
      const onLine = (line: string) => {
        if (!line.startsWith(prefix)) return;
        lines.off('line', onLine);
        resolve(line.slice(prefix.length));
      };
      lines.on('line', onLine);
    });
  const port = await next('port ');
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async received() {
      const answer = next('received ');
      child.stdin.write('report\n');
      return JSON.parse(await answer) as { exports: number; bytes: number };
    },
    close: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
