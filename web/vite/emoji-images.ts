import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/**
 * The 64 px Twemoji images (emoji-datasource-twitter; graphics CC-BY 4.0, credited on the about page) served from
 * the app's own origin under /emoji/64/, named by code sequence without U+FE0F (web/src/ui/emoji/emoji-text.ts).
 * They are copied from the package at build time rather than committed, and kept out of the precache (3,800 files,
 * 18 MB): the service worker caches each one the first time it is shown (vite.config.ts runtimeCaching).
 */
const PUBLIC_DIR = 'emoji/64';

function sourceDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('emoji-datasource-twitter/package.json')), 'img/twitter/64');
}

/** The shipped name of a package file: '2764-fe0f.png' → '2764.png'. */
export function shippedName(file: string): string {
  return `${file.replace(/\.png$/, '').split('-').filter((part) => part !== 'fe0f').join('-')}.png`;
}

export function emojiImages(): Plugin {
  let outDir = '';
  return {
    name: 'amora-emoji-images',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      const byName = new Map(fs.readdirSync(sourceDir()).map((file) => [shippedName(file), file]));
      server.middlewares.use(`/${PUBLIC_DIR}/`, (req, res, next) => {
        const file = byName.get(decodeURIComponent((req.url ?? '').replace(/^\//, '').split('?')[0] ?? ''));
        if (!file) return next();
        res.setHeader('Content-Type', 'image/png');
        fs.createReadStream(path.join(sourceDir(), file)).pipe(res);
      });
    },
    writeBundle() {
      const from = sourceDir();
      const to = path.join(outDir, PUBLIC_DIR);
      fs.mkdirSync(to, { recursive: true });
      for (const file of fs.readdirSync(from)) {
        if (file.endsWith('.png')) fs.copyFileSync(path.join(from, file), path.join(to, shippedName(file)));
      }
    },
  };
}
