import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PACKAGE_DIR = fileURLToPath(new URL('../../', import.meta.url));

// The built package (its own name resolves to dist/ from its directory), in a process of its own:
// one render neither awaited nor followed by close(). The request in flight must keep the process
// alive until it is answered; after that the idle pool must not, even before its thread's idle
// timeout (5 s) lets the thread go.
const PROGRAM = `
import { QrcodeRenderer } from '@accounts/adapters';
let answeredAt = 0;
new QrcodeRenderer().toPngDataUri('otpauth://totp/x?secret=GEZDGNBV').then((uri) => {
  answeredAt = performance.now();
  process.stdout.write(uri.slice(0, 22) + '\\n');
});
process.on('exit', () => process.stdout.write(String(Math.round(performance.now() - answeredAt)) + '\\n'));
`;

describe('QrcodeRenderer in a process of its own', () => {
  it('keeps the process alive while a render is in flight, and not once it is idle', async () => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', PROGRAM], {
      cwd: PACKAGE_DIR,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));

    expect(code, output).toBe(0);
    const [prefix, idleMs] = output.trim().split('\n');
    expect(prefix).toBe('data:image/png;base64,');
    expect(Number(idleMs)).toBeLessThan(4_000);
  });
});
