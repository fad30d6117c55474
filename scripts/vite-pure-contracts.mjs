// A Vite build step for the browser bundle: the contracts (src/contracts) only declare Zod schemas
// and constants, so each top-level declaration is marked free of side effects. A page that imports
// one constant (AUTH_MESSAGES, say) then no longer carries every schema of that file, nor Zod itself
// when it uses none. A chain such as z.string().trim() is beyond what treeshake.manualPureFunctions
// can mark, hence this.

const CONTRACT = /[\\/]src[\\/]contracts[\\/][^\\/]+\.ts$/;

/** Expressions whose evaluation could do something besides producing a value. */
const EVALUATES = new Set(['CallExpression', 'NewExpression', 'MemberExpression', 'ChainExpression']);

/**
 * `code` with each top-level `const x = <call...>` rewritten as
 * `const x = /* @__PURE__ *\/ (() => <call...>)()`, which a bundler may drop when x is unused.
 * `program` is the ESTree of `code` (JavaScript: this runs once TypeScript is stripped).
 */
export function markDeclarationsPure(code, program) {
  const spans = [];
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const { init } of declaration.declarations) {
      if (init && EVALUATES.has(init.type)) spans.push([init.start, init.end]);
    }
  }
  let out = code;
  for (const [start, end] of spans.reverse()) {
    out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
  }
  return out;
}

/** @returns {import('vite').Plugin} */
export function pureContracts() {
  return {
    name: 'chl:pure-contracts',
    apply: 'build',
    // After TypeScript is stripped: the parser then sees plain JavaScript.
    enforce: 'post',
    transform(code, id) {
      if (!CONTRACT.test(id)) return null;
      return { code: markDeclarationsPure(code, this.parse(code)), map: null };
    },
  };
}
