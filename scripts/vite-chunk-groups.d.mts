/** Enough of Rolldown's ModuleInfo for choosing a module's chunk. */
interface ModuleInfoLike {
  code: string | null;
  importers: readonly string[];
  dynamicImporters: readonly string[];
  exports: readonly string[];
  isEntry: boolean;
}

export function rootsOf(
  id: string,
  getModuleInfo: (id: string) => ModuleInfoLike | null,
  memo?: Map<string, Set<string>>,
): Set<string>;

export function signedInChunks(options: {
  signInRoot: RegExp;
  signedOutRoots: readonly RegExp[];
  appRoot: RegExp;
  heavy: RegExp;
  kitMinPages: number;
}): (id: string, ctx: { getModuleInfo(id: string): ModuleInfoLike | null }) => string | null;
