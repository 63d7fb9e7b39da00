import { readFile } from 'node:fs/promises';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { transformWithOxc, type Plugin } from 'vite';

/** The catalogue modules: data only, one exported object each. */
const CATALOGUE = /[\\/]sync[\\/]src[\\/]locales[\\/][a-z]{2}\.ts$/;

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
      const { code } = await transformWithOxc(await readFile(id, 'utf8'), id, { lang: 'ts' });
      const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as Record<string, unknown>;
      const entries = Object.entries(module);
      const [name, catalogue] = entries[0] ?? [];
      if (entries.length !== 1 || !name || !catalogue || typeof catalogue !== 'object') throw new Error(`${id}: a catalogue module exports one object`);
      return `export const ${name} = ${JSON.stringify(compileCatalogue(catalogue as Record<string, string>))};`;
    },
  };
}
