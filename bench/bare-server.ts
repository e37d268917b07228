/** The ceiling for HTTP benchmarks: a bare Fastify route answering fixed bytes, nothing else. */
import fs from 'node:fs';
import Fastify from 'fastify';

const body = fs.readFileSync(process.env.BODY_FILE!);
const app = Fastify();
app.get('/x', (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
