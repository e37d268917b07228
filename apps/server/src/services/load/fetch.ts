/**
 * Fetches a URL for the load form on the server's behalf, so it must not become a way into the
 * server's own network: only http(s); loopback, private, link-local, shared, multicast and
 * reserved addresses are refused (unless allowed by config); the check is made on the address
 * actually connected to, for every redirect, so a name that later resolves elsewhere gains
 * nothing. A time limit covers the whole exchange and the body is cut off at a size cap.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import { withScheme } from '@listboard/core';
import { badRequest } from '../../lib/errors';
import { isPrivateAddress } from '../../lib/addresses';

export interface FetchLimits {
  allowPrivate: boolean;
  timeoutMs: number;
  maxBytes: number;
}

export interface Fetched {
  bytes: Buffer;
  /** Media type without parameters, lower case; '' when the server sent none. */
  contentType: string;
  /** Where the content came from after redirects. */
  url: string;
}

const MAX_REDIRECTS = 5;

/** A byte count as people read it: whole megabytes, or kilobytes below one megabyte. */
export const sizeText = (n: number) =>
  n >= 1024 * 1024
    ? `${Math.floor(n / 1024 / 1024)} MB`
    : `${Math.max(1, Math.floor(n / 1024))} KB`;

class Refused extends Error {}

function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) {
        callback(err, '', 0);
        return;
      }
      const usable = allowPrivate
        ? addresses
        : addresses.filter((a) => !isPrivateAddress(a.address));
      const first = usable[0];
      if (!first) callback(new Refused('private address'), '', 0);
      else if (options.all) callback(null, usable, 0);
      else callback(null, first.address, first.family);
    });
  };
}

const cantLoad = (url: string, why: string) => badRequest(`Could not load ${url}: ${why}`);

interface Hop {
  status: number;
  location: string | null;
  contentType: string;
  body: Buffer | null;
}

function request(url: URL, limits: FetchLimits, signal: AbortSignal): Promise<Hop> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.get(
      url,
      {
        lookup: guardedLookup(limits.allowPrivate),
        signal,
        headers: {
          'user-agent': 'Listboard/0.1 (board import)',
          accept: 'text/html,application/pdf,text/*;q=0.9,*/*;q=0.5',
          'accept-encoding': 'identity',
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const contentType =
          (res.headers['content-type'] ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
        if (status >= 300 && status < 400) {
          res.resume();
          resolve({
            status,
            location: res.headers.location ?? null,
            contentType,
            body: null,
          });
          return;
        }
        if (status < 200 || status >= 300) {
          res.resume();
          resolve({ status, location: null, contentType, body: null });
          return;
        }
        const declared = Number(res.headers['content-length'] ?? NaN);
        if (declared > limits.maxBytes) {
          res.destroy();
          reject(new TooLarge());
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > limits.maxBytes) {
            res.destroy();
            reject(new TooLarge());
          } else chunks.push(c);
        });
        res.on('end', () =>
          resolve({ status, location: null, contentType, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

class TooLarge extends Error {}

function checkUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest(`Not a web address: ${raw}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw badRequest('Only http and https addresses can be loaded.');
  }
  if (url.username || url.password)
    throw badRequest('Addresses with a user name or password cannot be loaded.');
  return url;
}

/** A literal IP in the address skips the name lookup, so it is judged before connecting. */
function checkLiteral(url: URL, limits: FetchLimits, shown: string) {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!limits.allowPrivate && net.isIP(host) && isPrivateAddress(host)) {
    throw cantLoad(shown, 'private and local addresses are not allowed.');
  }
}

/** Fetches a typed address ('example.org/page' as https://example.org/page), following redirects. */
export async function fetchForLoad(raw: string, limits: FetchLimits): Promise<Fetched> {
  let url = checkUrl(withScheme(raw));
  const shown = url.href;
  const signal = AbortSignal.timeout(limits.timeoutMs);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    checkLiteral(url, limits, shown);
    let res: Hop;
    try {
      res = await request(url, limits, signal);
    } catch (err) {
      if (err instanceof TooLarge) {
        throw cantLoad(shown, `it is larger than ${sizeText(limits.maxBytes)}.`);
      }
      if (err instanceof Refused)
        throw cantLoad(shown, 'private and local addresses are not allowed.');
      if (signal.aborted) throw cantLoad(shown, 'it took too long to answer.');
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') throw cantLoad(shown, 'no such host.');
      throw cantLoad(shown, 'the server could not be reached.');
    }
    if (res.body) return { bytes: res.body, contentType: res.contentType, url: url.href };
    if (res.location) {
      url = checkUrl(new URL(res.location, url).href);
      continue;
    }
    throw cantLoad(shown, `the server answered ${res.status}.`);
  }
  throw cantLoad(shown, 'too many redirects.');
}
