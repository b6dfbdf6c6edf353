// How the service's image runs it: the ENV lines of the Dockerfile's last stage (but for the
// listen address, which the bench chooses), and the Node flags of its CMD. Some of it must be in
// place before Node starts (MALLOC_ARENA_MAX, NODE_OPTIONS, Node's flags), so the service cannot set it.
import { readFileSync } from 'node:fs';

function lastStage(dockerfilePath) {
  try {
    const text = readFileSync(dockerfilePath, 'utf8');
    return text.slice(text.lastIndexOf('\nFROM '));
  } catch {
    return '';
  }
}

export function imageEnv(dockerfilePath) {
  const env = {};
  for (const [, assignments] of lastStage(dockerfilePath).matchAll(/^ENV (.+)$/gm)) {
    for (const [, name, value] of assignments.matchAll(/(\w+)=(\S+)/g)) env[name] = value;
  }
  delete env.HOST;
  delete env.PORT;
  return env;
}

/** The flags between `node` and the script in the image's `CMD ["node", ..., "dist/main.js"]`. */
export function imageNodeFlags(dockerfilePath) {
  const cmd = /^CMD (\[.*\])$/m.exec(lastStage(dockerfilePath))?.[1];
  if (cmd === undefined) return [];
  const words = JSON.parse(cmd);
  return words.slice(1, -1).filter((word) => word.startsWith('--'));
}
