import type { PluginOption } from 'vite';

export const PRECACHED: string[];
export const NOT_THE_APP: RegExp[];
export function appWorker(): PluginOption;
