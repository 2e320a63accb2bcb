import Fastify from 'fastify';

/** The yardstick: a bare Fastify server answering a constant, nothing else. */
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
