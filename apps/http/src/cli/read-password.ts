import { text } from 'node:stream/consumers';
import type { CliInput } from './command.js';

/**
 * The password `users create` takes when `--password` is not given: standard input when it is
 * piped (one line, its line ending dropped), else a prompt on the terminal that does not echo.
 * Either way it never appears in the command line, the shell history or pnpm's script banner.
 */
export async function readPassword(stdin: CliInput): Promise<string> {
  if (!stdin.isTTY) {
    const input = await text(stdin);
    return input.replace(/\r?\n$/, '');
  }
  return promptHidden(stdin, 'Password: ');
}

/** Reads one line from the terminal in raw mode, writing nothing of it back. */
function promptHidden(stdin: CliInput, question: string): Promise<string> {
  const { stderr } = process;
  stderr.write(question);
  stdin.setRawMode?.(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let typed = '';
    const done = (error?: Error) => {
      stdin.off('data', onData);
      stdin.setRawMode?.(false);
      stdin.pause();
      stderr.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004') {
          done();
          return;
        }
        if (char === '\u0003') {
          done(new Error('interrupted'));
          return;
        }
        if (char === '\u007f' || char === '\b') typed = Array.from(typed).slice(0, -1).join('');
        else typed += char;
      }
    };
    stdin.on('data', onData);
  });
}
