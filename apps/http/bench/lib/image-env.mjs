// The environment the service's image runs it with: the ENV lines of the Dockerfile's last stage,
// but for the listen address, which the bench chooses. Some of it must be in place before Node
// starts (MALLOC_ARENA_MAX, NODE_OPTIONS), so the service cannot set it itself.
import { readFileSync } from 'node:fs';

export function imageEnv(dockerfilePath) {
  let text;
  try {
    text = readFileSync(dockerfilePath, 'utf8');
  } catch {
    return {};
  }
  const lastStage = text.slice(text.lastIndexOf('\nFROM '));
  const env = {};
  for (const [, assignments] of lastStage.matchAll(/^ENV (.+)$/gm)) {
    for (const [, name, value] of assignments.matchAll(/(\w+)=(\S+)/g)) env[name] = value;
  }
  delete env.HOST;
  delete env.PORT;
  return env;
}
