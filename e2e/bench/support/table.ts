/** Plain-text result tables: one row per figure, columns aligned, the same in a terminal and a CI log. */
export type Cell = string | number | undefined;

export function formatTable(title: string, header: string[], rows: Cell[][]): string {
  const text = rows.map((r) => header.map((_, i) => cell(r[i])));
  const widths = header.map((h, i) => Math.max(h.length, ...text.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [``, title, rule, line(header), rule, ...text.map(line), rule].join('\n');
}

function cell(v: Cell): string {
  if (v === undefined) return '';
  if (typeof v === 'number') return Number.isInteger(v) ? v.toLocaleString('en-US') : v.toLocaleString('en-US', { maximumFractionDigits: 2 });
  return v;
}

export const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

/** The middle value (the mean of the two middle ones for an even count); 0 for none. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  if (sorted.length === 0) return 0;
  return sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** "met" / "MISSED" for a reported (not asserted) speed target. */
export const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
