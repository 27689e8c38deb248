// The table `npm run bench` prints: every row of issue 7 with its figure at demo size and at city
// size, the target, and whether the figure meets it.

export interface Row {
  measure: string;
  demo: number | null;
  city: number | null;
  target: string;
  /** True when a figure meets the target. */
  meets: (value: number) => boolean;
  format: (value: number) => string;
}

const cell = (row: Row, value: number | null) => (value === null || Number.isNaN(value) ? 'n/a' : `${row.format(value)} ${row.meets(value) ? '✓' : '✗'}`);

export function printReport(title: string, rows: Row[], notes: string[]): void {
  console.log(`\n${title}\n`);
  console.log('| measure | demo size | city size | target |');
  console.log('|---|---:|---:|---|');
  for (const row of rows) console.log(`| ${row.measure} | ${cell(row, row.demo)} | ${cell(row, row.city)} | ${row.target} |`);
  if (notes.length) console.log(`\n${notes.map((n) => `- ${n}`).join('\n')}`);
}

export const ratio = (v: number) => v.toFixed(2);
export const ms = (v: number) => `${v.toFixed(1)} ms`;
export const whole = (v: number) => Math.round(v).toLocaleString('en-US');
