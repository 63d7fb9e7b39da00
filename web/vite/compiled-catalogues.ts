import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { transformWithOxc, type Plugin } from 'vite';

/** The catalogue modules: data only, one exported object each. */
const CATALOGUE = /[\\/]sync[\\/]src[\\/]locales[\\/][a-z]{2}(-[a-z-]+)?\.ts$/;
/** A catalogue's import of another (de.ts spreads the areas' German), as transformed to JavaScript. */
const SIBLING_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["'](\.\/[^"']+)\.js["'];?/g;

/** Compiles every ICU text of a catalogue to Lingui's run-time form (arrays of text and placeholders). */
export function compileCatalogue(catalogue: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(catalogue).map(([key, text]) => [key, compileMessage(text)]));
}

/**
 * Every catalogue module (sync/src/locales/*.ts) reaches the browser compiled, so it ships Lingui's 2 KB runtime and
 * never its 7 KB message compiler (docs/decisions/0045); the API and the tests without this plugin read the same
 * modules as written and compile at run time. A catalogue is data only, so it is evaluated here as it is written.
 */
export function compiledCatalogues(): Plugin {
  return {
    name: 'amora-compiled-catalogues',
    enforce: 'pre',
    async load(id) {
      if (!CATALOGUE.test(id)) return null;
      const module = await evaluate(id, (file) => this.addWatchFile(file));
      const entries = Object.entries(module);
      const [name, catalogue] = entries[0] ?? [];
      if (entries.length !== 1 || !name || !catalogue || typeof catalogue !== 'object') throw new Error(`${id}: a catalogue module exports one object`);
      return `export const ${name} = ${JSON.stringify(compileCatalogue(catalogue as Record<string, string>))};`;
    },
  };
}

/**
 * A catalogue module's exports as written. One that imports another catalogue (de.ts the areas' de-*.ts) gets that
 * one's exports inlined first: a module evaluated from a data: URL cannot resolve a relative import.
 */
async function evaluate(file: string, watch: (file: string) => void): Promise<Record<string, unknown>> {
  const { code } = await transformWithOxc(await readFile(file, 'utf8'), file, { lang: 'ts' });
  let inlined = code;
  for (const [statement, names, path] of code.matchAll(SIBLING_IMPORT)) {
    const sibling = join(dirname(file), `${path}.ts`);
    watch(sibling);
    const exports = await evaluate(sibling, watch);
    const bindings = names!.split(',').map((name) => name.trim()).filter(Boolean);
    inlined = inlined.replace(statement, bindings.map((name) => `const ${name} = ${JSON.stringify(exports[name])};`).join('\n'));
  }
  return (await import(`data:text/javascript;base64,${Buffer.from(inlined).toString('base64')}`)) as Record<string, unknown>;
}
