import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { storedFileParts } from '../db/schema';

/** 1 MB: what one row holds, and so the most a download reads at once. */
export const PART_BYTES = 1024 * 1024;

/** The bytes regrouped into parts of PART_BYTES, copying only where a part spans two chunks. */
export function* partsOf(chunks: readonly Uint8Array[]): Generator<Buffer> {
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  for (const chunk of chunks) {
    let offset = 0;
    while (offset < chunk.byteLength) {
      const take = Math.min(PART_BYTES - pendingBytes, chunk.byteLength - offset);
      pending.push(chunk.subarray(offset, offset + take));
      pendingBytes += take;
      offset += take;
      if (pendingBytes === PART_BYTES) {
        yield Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
      }
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending, pendingBytes);
}

/** The FileStore (file-store.ts) of files kept in stored_file_parts (db/schema/file-storage.ts), one row per megabyte. */
export class PostgresFileStore {
  async save(tx: Tx, key: string, chunks: readonly Uint8Array[]): Promise<void> {
    let part = 0;
    // One row per statement: a 10 MB file never sits in one query's parameters.
    for (const data of partsOf(chunks)) {
      await tx.insert(storedFileParts).values({ storageKey: key, part, data });
      part += 1;
    }
  }

  async open(db: DbOrTx, key: string): Promise<ReadableStream<Uint8Array> | null> {
    const [first] = await db
      .select({ part: storedFileParts.part })
      .from(storedFileParts)
      .where(eq(storedFileParts.storageKey, key))
      .limit(1);
    if (!first) return null;
    let next = 0;
    return new ReadableStream<Uint8Array>({
      // One part per pull: the reader's pace decides how much is held at once.
      async pull(controller) {
        const [row] = await db
          .select({ part: storedFileParts.part, data: storedFileParts.data })
          .from(storedFileParts)
          .where(and(eq(storedFileParts.storageKey, key), gte(storedFileParts.part, next)))
          .orderBy(asc(storedFileParts.part))
          .limit(1);
        if (!row) {
          controller.close();
          return;
        }
        next = row.part + 1;
        controller.enqueue(new Uint8Array(row.data.buffer, row.data.byteOffset, row.data.byteLength));
      },
    });
  }

  async remove(tx: Tx, key: string): Promise<void> {
    await tx.delete(storedFileParts).where(eq(storedFileParts.storageKey, key));
  }
}

/** How many bytes are kept under a key (for checks and tests). */
export async function storedBytes(db: DbOrTx, key: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(octet_length(${storedFileParts.data})), 0)` })
    .from(storedFileParts)
    .where(eq(storedFileParts.storageKey, key));
  return Number(row?.n ?? 0);
}
