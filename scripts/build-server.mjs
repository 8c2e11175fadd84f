// Bundles the server (server/ + domain/) into dist-server/main.js with esbuild, so `npm start`
// runs compiled JavaScript instead of compiling TypeScript at every start. Packages stay
// external (PGlite finds its wasm and data files, native modules load as usual); sources that
// locate files from `import.meta.url` (migrations, e-mail texts, package.json) keep their own
// location, rewritten relative to the bundle, so dist-server/ must stay next to server/.
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_OUT_DIR = path.join(ROOT, 'dist-server');
export const SERVER_ENTRY = path.join(SERVER_OUT_DIR, 'main.js');

/** Packages loaded from node_modules at run time: wasm/data files, native code, static assets. */
const EXTERNAL = ['@electric-sql/pglite', '@electric-sql/pglite/*', '@node-rs/argon2', 'pg-native', '@fastify/swagger-ui', 'pino', 'thread-stream', 'pino-pretty', 'pdfkit'];

/** `import.meta.url` in a bundled file means the bundle; each source keeps its own path instead. */
const ownImportMetaUrl = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const relative = path.relative(SERVER_OUT_DIR, args.path).split(path.sep).join('/');
      return {
        contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`),
        loader: 'ts',
      };
    });
  },
};

export async function buildServer({ quiet = false, entry = path.join(ROOT, 'server', 'main.ts'), outfile = SERVER_ENTRY } = {}) {
  const started = Date.now();
  // loaded only to build: `npm start` imports this file on every start
  const { build } = await import('esbuild');
  // chunk names carry hashes: clear the old ones
  rmSync(path.dirname(outfile), { recursive: true, force: true });
  await build({
    entryPoints: { [path.basename(outfile, '.js')]: entry },
    outdir: path.dirname(outfile),
    // main.ts loads the app with import() while the database opens: chunks of their own, beside
    // main.js (the import.meta.url rewrite above is relative to this folder)
    splitting: true,
    chunkNames: '[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // packages are bundled too (resolving and loading hundreds of files is most of a restart),
    // except those that find files beside their own code or load native code
    external: EXTERNAL,
    banner: { js: "import { createRequire as __tesseraCreateRequire } from 'node:module'; const require = __tesseraCreateRequire(import.meta.url);" },
    sourcemap: 'linked',
    // no comments nor indentation (names kept: stack traces still name their functions): a
    // smaller source parses sooner, and one without a non-ASCII character (a comment's '·') is
    // kept by V8 at one byte a character instead of two (about 5 MB of a running server's heap);
    // the packages' license comments go to a .LEGAL.txt file beside each chunk that has some
    minifyWhitespace: true,
    legalComments: 'linked',
    logLevel: 'warning',
    plugins: [ownImportMetaUrl],
  });
  if (!quiet) console.log(`server built: ${path.relative(ROOT, outfile)} (${Date.now() - started} ms)`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildServer();
}
