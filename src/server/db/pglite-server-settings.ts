import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const MiB = 1024 * 1024;

/**
 * PostgreSQL's memory settings for the embedded database, sized to the data it holds. PGlite's
 * WebAssembly memory only grows (a page once touched stays resident until the process ends), and
 * its defaults are a server's: 128 MB of shared buffers, 64 MB for each index build. PGlite reads
 * its files through the operating system, whose page cache keeps them whatever the buffers hold,
 * so a quarter of the data is enough to keep the busy pages at hand.
 */
export function embeddedStartParams(dataDir: string | undefined): string[] {
  const sharedBuffersMiB = clamp(
    Math.round(folderBytes(dataDir && path.join(dataDir, 'base')) / 4 / MiB),
    16,
    128,
  );
  return [
    ...PGlite.defaultStartParams,
    ...['-c', `shared_buffers=${sharedBuffersMiB}MB`],
    ...['-c', 'maintenance_work_mem=16MB'],
  ];
}

function clamp(value: number, low: number, high: number) {
  return Math.min(high, Math.max(low, value));
}

/** The size of every file under the folder; a new or in-memory database counts as empty. */
function folderBytes(dir: string | undefined): number {
  if (!dir) return 0;
  let total = 0;
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += folderBytes(full);
    else if (entry.isFile()) total += statSync(full, { throwIfNoEntry: false })?.size ?? 0;
  }
  return total;
}
