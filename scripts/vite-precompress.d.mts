import type { Plugin } from 'vite';

export const COMPRESSIBLE: RegExp;
export function precompressFile(file: string): Promise<void>;
export function precompressDir(dir: string): Promise<number>;
export function precompress(): Plugin;
