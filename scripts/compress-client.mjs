// After `vite build`: a Brotli (.br) and a gzip (.gz) copy beside every text file of dist/client that is
// worth compressing, made once here at full strength, so the server sends them as they are
// (@fastify/static preCompressed) instead of compressing on every request or not at all.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clientDir = process.argv[2] ?? path.join(root, 'dist/client');
const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt', '.xml']);
/** Below this, the headers outweigh what compression saves. */
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let afterBrotli = 0;
for (const entry of fs.readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT.has(path.extname(entry.name))) continue;
  const file = path.join(entry.parentPath, entry.name);
  const content = fs.readFileSync(file);
  if (content.length < MIN_BYTES) continue;
  const brotli = zlib.brotliCompressSync(content, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  fs.writeFileSync(`${file}.br`, brotli);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
  files += 1;
  before += content.length;
  afterBrotli += brotli.length;
}
process.stdout.write(
  `compressed ${files} files of ${path.relative(root, clientDir) || clientDir}: ${(before / 1024).toFixed(0)} KB -> ${(afterBrotli / 1024).toFixed(0)} KB brotli\n`,
);
