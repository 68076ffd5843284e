// The ceiling the API is measured against: Fastify answering a constant, logger off. Any path
// answers, so the bench sends it the same request lines as the API.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('*', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`hello-world listening on ${(app.server.address() as { port: number }).port}`);
