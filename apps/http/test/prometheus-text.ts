/** One sample of the Prometheus text format: `name{label="value",…} 12.5`. */
export type Sample = { name: string; labels: Record<string, string>; value: number };

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*,?\s*/g;

/** Parses the text exposition format (version 0.0.4); throws on a line it cannot read. */
export function parsePrometheusText(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const [, name = '', labelText = '', rawValue = ''] = match;
    const labels: Record<string, string> = {};
    for (const [, key = '', value = ''] of labelText.matchAll(LABEL)) {
      labels[key] = value.replace(/\\(.)/g, (_, char: string) => (char === 'n' ? '\n' : char));
    }
    samples.push({ name, labels, value: sampleValue(rawValue, line) });
  }
  return samples;
}

/** Go's ParseFloat, as Prometheus reads values: NaN and Inf in any letter case. */
function sampleValue(raw: string, line: string): number {
  const special: Record<string, number> = { nan: NaN, '+inf': Infinity, inf: Infinity, '-inf': -Infinity };
  const value = special[raw.toLowerCase()] ?? Number(raw);
  if (Number.isNaN(value) && raw.toLowerCase() !== 'nan') throw new Error(`not a sample value: ${line}`);
  return value;
}

/** The sum of the samples named `name` whose labels include `labels`; 0 when there are none. */
export function valueOf(
  samples: readonly Sample[],
  name: string,
  labels: Record<string, string> = {},
): number {
  return samples
    .filter(
      (sample) =>
        sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    )
    .reduce((sum, sample) => sum + sample.value, 0);
}

/** Whether any sample has that name (and those labels). */
export function has(samples: readonly Sample[], name: string, labels: Record<string, string> = {}): boolean {
  return samples.some(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
}
