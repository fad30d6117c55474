import type { DbOrTx, Tx } from '../db/client';
import { PostgresFileStore } from './postgres-file-store';

/*
 * Where student files' bytes are kept (D14): behind this one interface, so an S3-compatible store
 * can take over later without the areas noticing. PostgreSQL keeps them by default, so the app
 * server's disk holds nothing and any number of processes serve the same files.
 */

export interface FileStore {
  /**
   * Keeps the bytes (given as the parts they arrived in) under `key`, in the caller's transaction
   * where the store is the database, so a file and its record are written together or not at all.
   */
  save(tx: Tx, key: string, parts: readonly Uint8Array[]): Promise<void>;
  /** The bytes, read part by part as the stream is consumed; null when nothing is kept under `key`. */
  open(db: DbOrTx, key: string): Promise<ReadableStream<Uint8Array> | null>;
  /** Forgets the bytes (in the caller's transaction). */
  remove(tx: Tx, key: string): Promise<void>;
}

const postgres = new PostgresFileStore();

/** The store in use. Only PostgreSQL for now; an object store would be chosen here from config. */
export const fileStore = (): FileStore => postgres;
