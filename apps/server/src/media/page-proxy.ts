/**
 * The only way out for the screenshot browser: an HTTP proxy on loopback that checks every
 * connection against the host policy, resolving names itself. Chromium sends everything here
 * (loopback included, see screenshot.ts), so redirects, subresources, https and websockets are
 * all judged by the address actually connected to, not by the URL a page shows.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { hostVerdict, policyLookup, type HostPolicy } from './host-policy';

export interface PageProxy {
  /** http://127.0.0.1:port */
  url: string;
  /** Connections refused so far, as host:port (for tests and logs). */
  refused: string[];
  close(): Promise<void>;
}

/** Marks the proxy's own refusals, so the screenshot can say why it failed. */
export const REFUSED_HEADER = 'x-thumbnail-refused';

const HOP_HEADERS = ['proxy-connection', 'proxy-authorization', 'connection', 'keep-alive'];

export async function startPageProxy(policy: HostPolicy): Promise<PageProxy> {
  const refused: string[] = [];
  const sockets = new Set<net.Socket>();

  const server = http.createServer((req, res) => {
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end();
      return;
    }
    const verdict = target.protocol === 'http:' ? hostVerdict(policy, target.hostname) : null;
    if (!verdict) {
      refused.push(target.host);
      res
        .writeHead(403, { 'content-type': 'text/plain', [REFUSED_HEADER]: '1' })
        .end('Refused by the thumbnail policy.');
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => !HOP_HEADERS.includes(name)),
    );
    const upstream = http.request(
      target,
      { method: req.method, headers, lookup: policyLookup(verdict) },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => {
      refused.push(target.host);
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end();
    });
    req.pipe(upstream);
  });

  // https and websockets over TLS: a tunnel to the checked address.
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const [host = '', portText = '443'] = (req.url ?? '').split(/:(?=\d+$)/);
    const verdict = hostVerdict(policy, host);
    const port = Number(portText);
    if (!verdict || !Number.isInteger(port) || port <= 0 || port > 65535) {
      refused.push(req.url ?? '');
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = net.connect({
      host: host.replace(/^\[|\]$/g, ''),
      port,
      lookup: policyLookup(verdict),
    });
    upstream.once('connect', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => {
      refused.push(req.url ?? '');
      client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
    });
    client.on('error', () => upstream.destroy());
  });

  server.on('connection', (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    refused,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
