import { type LookupAddress, lookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/*
 * Photos for the yearbook PDF, fetched from addresses users typed. Each fetch is bounded in time
 * and size, follows no redirect, accepts only JPEG and PNG (what the PDF can draw), and, unless
 * the deployment allows it, refuses loopback and private addresses, checked on the address the
 * connection actually uses, so a name that resolves inward is refused too. A photo that fails for
 * any reason is null: the PDF shows initials instead and never fails for a photo.
 */

export interface PhotoFetchLimits {
  /** Per photo, from the request to the last byte. */
  timeoutMs: number;
  maxBytes: number;
  /** All photos of one PDF; what is not fetched by then is left out. */
  totalMs: number;
  concurrency: number;
  allowPrivateNetwork: boolean;
}

export const PHOTO_FETCH_LIMITS: Omit<PhotoFetchLimits, 'allowPrivateNetwork'> = {
  timeoutMs: 4_000,
  maxBytes: 3 * 1024 * 1024,
  totalMs: 20_000,
  concurrency: 4,
};

const INWARD = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 3],
] as const)
  INWARD.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  INWARD.addSubnet(net, prefix, 'ipv6');

export function isInwardAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return INWARD.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return INWARD.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** dns.lookup that refuses an inward address after resolving, for the connection itself to use. */
function outwardLookup(hostname: string, options: object, callback: LookupCallback) {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const list = addresses as LookupAddress[];
    const inward = list.find((a) => isInwardAddress(a.address));
    if (inward || list.length === 0)
      return callback(Object.assign(new Error('Photo address is not public'), { code: 'EACCES' }), []);
    if ((options as { all?: boolean }).all) return callback(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
}

const isJpeg = (b: Buffer) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
const isPng = (b: Buffer) =>
  b.length > 8 && b.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));

/** One photo, or null when it cannot be had within the limits. */
export function fetchPhoto(
  address: string,
  limits: PhotoFetchLimits,
  signal: AbortSignal,
): Promise<Buffer | null> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return Promise.resolve(null);
  }
  const client = url.protocol === 'https:' ? https : url.protocol === 'http:' ? http : null;
  if (!client || signal.aborted) return Promise.resolve(null);
  const literal = isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0;
  if (literal && !limits.allowPrivateNetwork && isInwardAddress(url.hostname.replace(/^\[|\]$/g, '')))
    return Promise.resolve(null);

  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (value: Buffer | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      request.destroy();
      resolve(value);
    };
    const onAbort = () => finish(null);
    const request = client.get(
      url,
      {
        headers: { accept: 'image/jpeg, image/png' },
        ...(limits.allowPrivateNetwork ? {} : { lookup: outwardLookup as never }),
      },
      (response) => {
        if (response.statusCode !== 200) return finish(null);
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > limits.maxBytes) return finish(null);
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limits.maxBytes) return finish(null);
          chunks.push(chunk);
        });
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          finish(isJpeg(body) || isPng(body) ? body : null);
        });
        response.on('error', () => finish(null));
      },
    );
    request.on('error', () => finish(null));
    const timer = setTimeout(() => finish(null), limits.timeoutMs);
    signal.addEventListener('abort', onAbort);
  });
}

/** Every distinct address's photo (or null), a few at a time, all within `totalMs`. */
export async function fetchPhotos(
  addresses: string[],
  limits: PhotoFetchLimits,
): Promise<Map<string, Buffer | null>> {
  const unique = [...new Set(addresses)];
  const photos = new Map<string, Buffer | null>();
  const deadline = AbortSignal.timeout(limits.totalMs);
  let next = 0;
  const worker = async () => {
    while (next < unique.length && !deadline.aborted) {
      const address = unique[next++]!;
      photos.set(address, await fetchPhoto(address, limits, deadline));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limits.concurrency, unique.length) }, worker));
  return photos;
}
