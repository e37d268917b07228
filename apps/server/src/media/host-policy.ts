/**
 * Which pages the screenshot service may open (THUMBNAIL_HOSTS). A host on the list may be
 * reached wherever it is, even on this machine (for an intranet, or a test); with '*' any other
 * host may be reached too, but only at public addresses, so a page can never be made to point
 * the server's browser at loopback, private, link-local or cloud-metadata addresses.
 */
import dns from 'node:dns';
import net from 'node:net';
import { isPrivateAddress } from '../lib/addresses';

export interface HostPolicy {
  /** '*' was given: public hosts beyond the list are allowed. */
  anyPublic: boolean;
  /** Lower-case host names or IPs, or '*.suffix' for a domain and its subdomains. */
  hosts: string[];
}

export function parseHostPolicy(setting: string): HostPolicy {
  const entries = setting
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h);
  return { anyPublic: entries.includes('*'), hosts: entries.filter((h) => h !== '*') };
}

const bare = (host: string) => host.toLowerCase().replace(/^\[|\]$/g, '');

export function isListed(policy: HostPolicy, host: string): boolean {
  const h = bare(host);
  return policy.hosts.some((entry) =>
    entry.startsWith('*.') ? h === entry.slice(2) || h.endsWith(entry.slice(1)) : h === entry,
  );
}

/** 'listed': reach it anywhere; 'public': reach it at public addresses only; null: refused. */
export type HostVerdict = 'listed' | 'public' | null;

export function hostVerdict(policy: HostPolicy, host: string): HostVerdict {
  const h = bare(host);
  if (!h) return null;
  if (isListed(policy, h)) return 'listed';
  if (!policy.anyPublic) return null;
  if (net.isIP(h)) return isPrivateAddress(h) ? null : 'public';
  if (h === 'localhost' || h.endsWith('.localhost') || !h.includes('.')) return null;
  return 'public';
}

/** Why a page address is refused before any connection is made; null when it may be tried. */
export function pageRefusal(policy: HostPolicy, raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `Not a web address: ${raw}`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return 'Only http and https pages have thumbnails.';
  if (url.username || url.password) return 'Addresses with a user name or password are refused.';
  if (!hostVerdict(policy, url.hostname))
    return `Thumbnails are not taken of pages on ${url.hostname}.`;
  return null;
}

export class RefusedAddress extends Error {}

/** A DNS lookup that leaves out private addresses for hosts that are not listed. */
export function policyLookup(verdict: 'listed' | 'public'): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) {
        callback(err, '', 0);
        return;
      }
      const usable =
        verdict === 'listed' ? addresses : addresses.filter((a) => !isPrivateAddress(a.address));
      const first = usable[0];
      if (!first) callback(new RefusedAddress(hostname), '', 0);
      else if (options.all) callback(null, usable, 0);
      else callback(null, first.address, first.family);
    });
  };
}
