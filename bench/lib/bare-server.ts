import Fastify from 'fastify';

/**
 * The ceiling for the hot-read benchmark: a bare Fastify route in its own process that returns the
 * given JSON body (the same bytes the service answers) with no hooks, auth, logging or schemas.
 */
const body = process.env.BARE_BODY ?? '{}';
const app = Fastify({ logger: false });
app.get('/*', (_request, reply) => {
  void reply.header('content-type', 'application/json; charset=utf-8').send(body);
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`BENCH_READY ${JSON.stringify({ url: address })}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
