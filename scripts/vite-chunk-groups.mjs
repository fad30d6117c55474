// Which chunk the browser bundle puts the app's shared code in (vite.config.ts). Left to itself,
// Rolldown makes one chunk per distinct set of pages that use a module: about fifty files of a few
// hundred bytes for each signed-in screen, each a request on a phone's slow network. This merges
// the code the signed-in screens share into few chunks, and leaves alone what the sign-in pages or
// the entry use, so that the sign-in page downloads none of it (docs/decisions/009).

/** A file that only re-exports (a folder's index): what its importers take from it decides. */
const BARREL =
  /[\\/]src[\\/]web[\\/].+[\\/]index\.tsx?$|[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](lucide-react|icons[\\/]index)\.mjs$/;

/** The names a module is imported by: its exports, and for a default export its local name (an icon's). */
function namesOf(info) {
  if (!info) return ['*'];
  const local = info.code?.match(/export\s*\{[^}]*?\b(\w+)\s+as\s+default\b/)?.[1];
  return local ? [...info.exports, local] : info.exports;
}

/**
 * The modules a page or the app starts from: the entry and every module loaded on demand.
 * `info` is Rolldown's ModuleInfo.
 */
const isRoot = (info) => info.isEntry || info.dynamicImporters.length > 0;

/** Whether `importer` (through the barrel it imports) takes one of `exports` by name. */
function takesAnyOf(importerCode, exports) {
  if (importerCode === null) return true;
  return exports.some(
    (name) => name === '*' || (name !== 'default' && new RegExp(`\\b${name}\\b`).test(importerCode)),
  );
}

/**
 * The roots (entry, pages loaded on demand) from which `id` is imported statically. A barrel is
 * passed through only towards the importers that take one of the module's exports by name, as the
 * bundler's tree-shaking does (the barrels are free of side effects: vite.config.ts).
 */
export function rootsOf(id, getModuleInfo, memo = new Map()) {
  const found = new Set();
  const seen = new Set();
  const walk = (moduleId, exportsTaken) => {
    const key = `${moduleId}\0${exportsTaken.join(',')}`;
    if (seen.has(key)) return;
    seen.add(key);
    const info = getModuleInfo(moduleId);
    if (!info) return;
    if (isRoot(info)) found.add(moduleId);
    const throughBarrel = BARREL.test(moduleId);
    for (const importer of info.importers) {
      const importerInfo = getModuleInfo(importer);
      if (!importerInfo) continue;
      // Above a barrel, only an importer that names one of the exports reaching it uses the module.
      if (throughBarrel && !takesAnyOf(importerInfo.code, exportsTaken)) continue;
      walk(importer, BARREL.test(importer) ? exportsTaken : namesOf(importerInfo));
    }
  };
  if (memo.has(id)) return memo.get(id);
  walk(id, namesOf(getModuleInfo(id)));
  memo.set(id, found);
  return found;
}

/**
 * The chunk Rolldown's `codeSplitting` puts module `id` in (a group's `name` function), for code
 * that two or more signed-in pages use and neither the entry nor a signed-out page does (null, the
 * bundler's own choice, for the rest, and for what the signed-in frame uses: it comes with the frame):
 *  - a feature's code another feature shows (the students' picker, a profile's tasks): one chunk
 *    per feature, named after it;
 *  - what `kitMinPages` pages or more use: one 'signed-in-kit' (the UI and list kit, icons,
 *    labels), and one 'signed-in-forms' for what needs the form library, Zod or Radix (`heavy`:
 *    forms, schemas, dialogs), so that the kit, which the dashboard's figures use too, brings none;
 *  - the rest, used by a few pages: left to the bundler.
 * `signedOutRoots` match the modules the sign-in side starts from, `appRoot` the signed-in frame.
 */
export function signedInChunks({ signInRoot, signedOutRoots, appRoot, heavy, kitMinPages }) {
  const memo = new Map();
  return (id, ctx) => {
    if (!/[\\/]src[\\/]|[\\/]node_modules[\\/]lucide-react[\\/]/.test(id)) return null;
    const info = ctx.getModuleInfo(id);
    // A page loaded on demand stays the chunk its address asks for.
    if (!info || isRoot(info)) return null;
    const roots = [...rootsOf(id, (m) => ctx.getModuleInfo(m), memo)];
    // The entry's code stays in the entry.
    if (roots.some((root) => ctx.getModuleInfo(root)?.isEntry)) return null;
    const signedOut = roots.filter((root) => signedOutRoots.some((re) => re.test(root)));
    if (signedOut.length > 0) {
      // What the sign-in page and a signed-in screen both use (an alert, an icon, the settings'
      // names): one file for both, which the sign-in page needs anyway.
      const withSignIn = signedOut.some((root) => signInRoot.test(root)) && roots.length > signedOut.length;
      return withSignIn ? 'with-sign-in' : null;
    }
    if (roots.length < 2) return null;
    // What the frame shares with the pages: one file, which a page's code, fetched beside the
    // frame's (app/page-code.ts), needs too.
    if (roots.some((root) => appRoot.test(root))) return 'signed-in-frame';
    const feature = id.match(/[\\/]src[\\/]web[\\/]features[\\/]([^\\/]+)[\\/]/)?.[1];
    if (feature) return feature;
    if (roots.length < kitMinPages) return null;
    return heavy.test(id) ? 'signed-in-forms' : 'signed-in-kit';
  };
}
