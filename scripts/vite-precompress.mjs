// A Vite build step: writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of
// the build, so the server sends them as they are instead of compressing on each request
// (src/server/http/static-web.ts picks one by the browser's Accept-Encoding).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats: images other than SVG, fonts in woff2 and the like are compressed already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|map|webmanifest|ico|wasm)$/i;

async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Both encodings of one file, each written only when smaller than the file itself. */
export async function precompressFile(file) {
  const raw = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const writes = [];
  if (br.length < raw.length) writes.push(writeFile(`${file}.br`, br));
  if (gz.length < raw.length) writes.push(writeFile(`${file}.gz`, gz));
  await Promise.all(writes);
}

/** Every compressible file under `dir` (the finished build, public files included); how many. */
export async function precompressDir(dir) {
  const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f));
  await Promise.all(files.map(precompressFile));
  return files.length;
}

/** @returns {import('vite').Plugin} */
export function precompress() {
  let outDir = '';
  return {
    name: 'chl:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After every file is written, the public folder's copies too.
    async closeBundle() {
      const count = await precompressDir(outDir);
      console.info(
        `precompressed ${count} files in ${path.relative(process.cwd(), outDir)} (brotli and gzip)`,
      );
    },
  };
}
