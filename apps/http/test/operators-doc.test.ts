import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { COMMANDS } from '../src/cli/commands/index.js';
import { createTestApp } from './support.js';

// docs/operators.md, the operator's page, names every /api/admin route the description has, with
// its body and a CLI command that exists; the README links to it.
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PAGE = readFileSync(`${ROOT}docs/operators.md`, 'utf8');

type Operation = { requestBody?: { content: Record<string, { schema?: { $ref?: string } }> } };
type Description = { paths: Record<string, Record<string, Operation>> };

/** The page's route table: route, body and CLI command of each row. */
function rows() {
  return PAGE.split('\n').flatMap((line) => {
    const match = /^\| `(GET|POST) ([^`?]+)[^`]*` +\| ([^|]+?) +\| [^|]+\| `([^`]+)`/.exec(line);
    return match ? [{ route: `${match[1]} ${match[2]}`, body: match[3], cli: match[4] ?? '' }] : [];
  });
}

describe('docs/operators.md', () => {
  let app: App;
  let description: Description;

  beforeAll(async () => {
    app = (await createTestApp()).app;
    description = (await app.inject({ method: 'GET', url: '/openapi.json' })).json<Description>();
  });
  afterAll(() => app.close());

  it('lists every operator route with its body', () => {
    const described = Object.entries(description.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, item]) =>
        Object.entries(item).map(([method, operation]) => ({
          route: `${method.toUpperCase()} ${path}`,
          body: operation.requestBody ? '`{"reason"}`' : 'none',
          reason: JSON.stringify(operation.requestBody ?? {}).includes('OperatorReason'),
        })),
      );
    expect(described.length).toBeGreaterThan(10);
    // Every body an operator route takes is the reason.
    expect(described.filter((operation) => operation.body !== 'none' && !operation.reason)).toEqual([]);
    expect(
      rows()
        .map(({ route, body }) => ({ route, body }))
        .sort(byRoute),
    ).toEqual(described.map(({ route, body }) => ({ route, body })).sort(byRoute));
  });

  it("names each route's CLI twin as a command the CLI has", () => {
    const names = COMMANDS.map((command) => command.name.join(' '));
    for (const { route, cli } of rows()) {
      expect(
        names.some((name) => cli.startsWith(`${name} `)),
        `${route}: ${cli}`,
      ).toBe(true);
    }
  });

  it('is linked from the README', () => {
    expect(readFileSync(`${ROOT}README.md`, 'utf8')).toContain('(docs/operators.md)');
  });
});

const byRoute = (a: { route: string }, b: { route: string }) => a.route.localeCompare(b.route);
