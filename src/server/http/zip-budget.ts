import { inflateRawSync } from 'node:zlib';

/*
 * An XLSX is a zip. Its upload is limited in bytes, but a zip of a few megabytes can unpack to
 * gigabytes (a "zip bomb") and the spreadsheet reader unpacks it whole, in memory. So before the
 * reader sees a file, each entry is inflated here with a hard limit on what it may produce: the
 * limit holds whatever sizes the zip declares, since zlib stops at it.
 */

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/** True when every entry of the zip unpacks, and all of them together to at most `maxBytes`. */
export function unpacksWithin(bytes: Uint8Array, maxBytes: number): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = endOfDirectory(view);
  if (end < 0) return false;
  const entries = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  let left = maxBytes;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > view.byteLength || view.getUint32(at, true) !== DIRECTORY_ENTRY) return false;
    const method = view.getUint16(at + 10, true);
    const compressed = view.getUint32(at + 20, true);
    const local = view.getUint32(at + 42, true);
    const produced = unpackedSize(view, bytes, local, method, compressed, left);
    if (produced < 0) return false;
    left -= produced;
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return true;
}

/** The end-of-directory record, searched from the end (a comment of up to 64 KiB may follow it). */
function endOfDirectory(view: DataView): number {
  for (let at = view.byteLength - 22; at >= Math.max(0, view.byteLength - 22 - 0xffff); at--)
    if (view.getUint32(at, true) === END_OF_DIRECTORY) return at;
  return -1;
}

/** What one entry unpacks to, or -1 when it is unreadable or would pass `budget`. */
function unpackedSize(
  view: DataView,
  bytes: Uint8Array,
  local: number,
  method: number,
  compressed: number,
  budget: number,
): number {
  if (local + 30 > view.byteLength || view.getUint32(local, true) !== LOCAL_HEADER) return -1;
  const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  if (start + compressed > bytes.byteLength) return -1;
  const data = bytes.subarray(start, start + compressed);
  if (method === STORED) return compressed <= budget ? compressed : -1;
  if (method !== DEFLATED) return -1;
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(1, budget) }).byteLength;
  } catch {
    return -1;
  }
}
