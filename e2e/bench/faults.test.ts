import { expect, it } from 'vitest';
import { formatFaults, runFaults } from './faults.js';

// The reduced fault run of `npm run bench -- faults` (issue C "Proof"): a real API process on PGlite, devices
// pushing through a proxy that resets, drops and delays connections.
it('200 sends from 8 devices through a faulty network: none lost, none duplicated, one credit and one ledger debit per message', { timeout: 150_000 }, async () => {
  const r = await runFaults({ sends: 200, clients: 8 });
  console.log(formatFaults(r));
  // The network really misbehaved, and the devices really had to retry.
  expect(r.faults.resetRequest + r.faults.resetResponse + r.faults.blackhole).toBeGreaterThan(0);
  expect(r.client.networkErrors).toBeGreaterThan(0);
  expect(r.queued).toBe(200);
  expect({ stored: r.stored, lost: r.lost, duplicated: r.duplicated, unexpected: r.unexpected, refused: r.refused }).toEqual({
    stored: 200,
    lost: 0,
    duplicated: 0,
    unexpected: 0,
    refused: 0,
  });
  expect({ creditsSpent: r.creditsSpent, ledgerDebits: r.ledgerDebits, unbalanced: r.ledgerUnbalanced, notConverged: r.devicesNotConverged }).toEqual({
    creditsSpent: 200,
    ledgerDebits: 200,
    unbalanced: 0,
    notConverged: 0,
  });
  expect(r.ok).toBe(true);
});
