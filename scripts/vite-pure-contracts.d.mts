import type { Plugin } from 'vite';

/** `program` is the ESTree of `code`, as Vite's parseAst and a plugin's this.parse give it. */
export function markDeclarationsPure(code: string, program: { body: readonly object[] }): string;
export function pureContracts(): Plugin;
