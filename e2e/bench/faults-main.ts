import { parseArgs } from 'node:util';
import { formatFaults, runFaults } from './faults.js';

/** `npm run bench -- faults [--sends 2000] [--clients 20] [--postgres]` */
export async function main(args: string[]): Promise<boolean> {
  const { values } = parseArgs({
    args,
    options: { sends: { type: 'string', default: '2000' }, clients: { type: 'string', default: '20' }, postgres: { type: 'boolean', default: false } },
  });
  const result = await runFaults({ sends: Number(values.sends), clients: Number(values.clients), postgres: values.postgres, log: console.log });
  console.log(formatFaults(result));
  console.log(result.ok ? '\nfaults: every invariant holds' : '\nfaults: INVARIANT BROKEN');
  return result.ok;
}
