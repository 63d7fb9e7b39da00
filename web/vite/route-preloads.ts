import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { ROUTE_PRELOADS_FILE, type RoutePreloadTable } from '../../sync/src/route-preloads';

const ROUTE_ID = /createFileRoute\(\s*'([^']+)'\s*\)/;
const SPLIT_ROUTE = /[\\/]src[\\/]routes[\\/](.+\.tsx)\?tsr-split=/;

interface ChunkLike {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** Route id → the JS and CSS its split chunks need, beyond what the entry (index.html's own list) loads. */
function routePreloadTable(chunks: Map<string, ChunkLike>, routeIdOf: (routeFile: string) => string | undefined): RoutePreloadTable {
  const closure = (start: string[], into = new Set<string>()) => {
    for (const file of start) {
      if (into.has(file)) continue;
      into.add(file);
      closure(chunks.get(file)?.imports ?? [], into);
    }
    return into;
  };
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
  const inHtml = closure(entry ? [entry.fileName] : []);
  const table: RoutePreloadTable = {};
  for (const chunk of chunks.values()) {
    const routeFile = chunk.facadeModuleId?.match(SPLIT_ROUTE)?.[1];
    const id = routeFile && routeIdOf(routeFile);
    if (!id) continue;
    const preload = (table[id] ??= { js: [], css: [] });
    for (const file of closure([chunk.fileName])) {
      if (inHtml.has(file)) continue;
      if (!preload.js.includes(`/${file}`)) preload.js.push(`/${file}`);
      for (const css of chunks.get(file)?.viteMetadata?.importedCss ?? []) if (!preload.css.includes(`/${css}`)) preload.css.push(`/${css}`);
    }
  }
  return table;
}

/**
 * A route's code comes in lazy chunks (the router's autoCodeSplitting), and each chunk's own imports are found
 * only once it has loaded (vite.config.ts: lazy chunks' imports are not modulepreloaded): the sign-in page was six
 * requests deep. This table lets the server name all of a route's files in the HTML it answers for that route's
 * URL (<link rel=modulepreload>), so the browser asks for them together, as it does for index.html's own list.
 */
export function routePreloads(): Plugin {
  let routesDir = '';
  const ids = new Map<string, string | undefined>();
  const routeIdOf = (routeFile: string) => {
    if (!ids.has(routeFile)) ids.set(routeFile, fs.readFileSync(path.join(routesDir, routeFile), 'utf8').match(ROUTE_ID)?.[1]);
    return ids.get(routeFile);
  };
  return {
    name: 'amora-route-preloads',
    apply: 'build',
    configResolved(config) {
      routesDir = path.resolve(config.root, 'src/routes');
    },
    // After Vite's CSS plugin, which removes the chunks that held only CSS and gives their styles to the importers.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = new Map<string, ChunkLike>();
        for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item);
        this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(routePreloadTable(chunks, routeIdOf)) });
      },
    },
  };
}
