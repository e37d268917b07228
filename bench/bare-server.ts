/**
 * The ceiling for HTTP benchmarks: a static file of the same bytes. A bare Fastify route answers
 * the body from memory, as a static server answers a file it compressed at build time: the
 * brotli or gzip copy when the client takes it, made once at start.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import Fastify from 'fastify';

const body = fs.readFileSync(process.env.BODY_FILE!);
const br = zlib.brotliCompressSync(body);
const gz = zlib.gzipSync(body, { level: 9 });
const app = Fastify();
app.get('/x', (req, reply) => {
  const accept = req.headers['accept-encoding'] ?? '';
  reply.type('application/json; charset=utf-8');
  if (accept.includes('br')) return reply.header('content-encoding', 'br').send(br);
  if (accept.includes('gzip')) return reply.header('content-encoding', 'gzip').send(gz);
  return reply.send(body);
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
