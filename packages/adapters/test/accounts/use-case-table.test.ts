import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The use-case table of packages/adapters/README.md, read from the code by TypeScript's own
// checker: every member of `UseCases` (what createAccounts returns as `useCases`), the fields of
// its `execute` input and the `type` of every error its Result can hold. The test fails while the
// README differs; `pnpm docs:use-cases` writes it.

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const README = `${ROOT}packages/adapters/README.md`;
const SOURCE = `${ROOT}packages/application/src/create-use-cases.ts`;
const START = '<!-- use-case-table:start: generated from @accounts/application by `pnpm docs:use-cases` -->';
const END = '<!-- use-case-table:end -->';

type Row = { name: string; input: string[]; errors: string[] };

function useCaseRows(): Row[] {
  const program = ts.createProgram([SOURCE], {
    strict: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    customConditions: ['source'],
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(SOURCE);
  if (!source) throw new Error(`${SOURCE} not found`);
  const alias = source.statements.find(
    (statement): statement is ts.TypeAliasDeclaration =>
      ts.isTypeAliasDeclaration(statement) && statement.name.text === 'UseCases',
  );
  if (!alias) throw new Error('no UseCases type');
  const useCases = checker.getTypeAtLocation(alias.name);

  return checker.getPropertiesOfType(useCases).map((member) => {
    // An optional member (a use case only some options make) is described as the use case it is.
    const type = checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(member, alias));
    const execute = type.getProperty('execute');
    if (!execute) throw new Error(`${member.name} has no execute`);
    const [signature] = checker.getTypeOfSymbolAtLocation(execute, alias).getCallSignatures();
    if (!signature) throw new Error(`${member.name}.execute is not a function`);
    const [parameter] = signature.getParameters();
    const fields = (of: ts.Type) =>
      checker
        .getPropertiesOfType(of)
        .map((field) => (field.flags & ts.SymbolFlags.Optional ? `${field.name}?` : field.name));
    const parameterType = parameter && checker.getTypeOfSymbolAtLocation(parameter, alias);
    // An input that is one of several shapes (`{ userId } | { email }`): each, as `a | b`.
    const input = !parameterType
      ? []
      : parameterType.isUnion()
        ? [parameterType.types.map((shape) => fields(shape).join(', ')).join(' | ')]
        : fields(parameterType);
    const answer = checker.getAwaitedType(signature.getReturnType()) ?? signature.getReturnType();
    const errors = new Set<string>();
    for (const outcome of answer.isUnion() ? answer.types : [answer]) {
      const error = outcome.getProperty('error');
      if (!error) continue;
      const errorType = checker.getTypeOfSymbolAtLocation(error, alias);
      for (const kind of errorType.isUnion() ? errorType.types : [errorType]) {
        const tag = kind.getProperty('type');
        const tagType = tag && checker.getTypeOfSymbolAtLocation(tag, alias);
        if (tagType?.isStringLiteral()) errors.add(tagType.value);
      }
    }
    return { name: member.name, input, errors: [...errors].sort() };
  });
}

function useCaseTable(rows: Row[]): string {
  const cells = rows.map((row) => [
    `\`${row.name}\``,
    row.input.length > 0
      ? row.input
          .map((field) => `\`${field}\``)
          .join(', ')
          .replaceAll('|', '\\|')
      : '(none)',
    row.errors.length > 0 ? row.errors.join(', ') : '(none: never refuses)',
  ]);
  const header = ['use case', 'input', 'error kinds'];
  const widths = header.map((_, column) =>
    Math.max(...[header, ...cells].map((row) => Array.from(row[column] ?? '').length)),
  );
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line)].join('\n');
}

function withUseCaseTable(markdown: string, table: string): string {
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END);
  if (start === -1 || end < start) throw new Error(`no "${START}" … "${END}" markers`);
  const generated = ['<!-- prettier-ignore-start -->', table, '<!-- prettier-ignore-end -->'].join('\n');
  return `${markdown.slice(0, start + START.length)}\n${generated}\n${markdown.slice(end)}`;
}

describe('the use-case table of packages/adapters/README.md', () => {
  const rows = useCaseRows();

  it('is read from the code: every use case, with its input and error kinds', () => {
    const byName = new Map(rows.map((row) => [row.name, row]));
    expect(byName.get('disableAccount')).toEqual({
      name: 'disableAccount',
      input: expect.arrayContaining(['userId', 'password', 'verificationCode?', 'passkey?']) as unknown,
      errors: expect.arrayContaining(['UserNotFound', 'InvalidPassword', 'AccountDisabled']) as unknown,
    });
    // The gate (authorizeAccount) refuses a revoked session and a disabled or banned account first.
    expect(byName.get('getCustomDomain')?.errors).toEqual(['UserNotFound']);
    expect(byName.get('showAccount')?.input).toEqual(['userId | email']);
    expect(rows.length).toBeGreaterThan(25);
  });

  it('matches the README (else run `pnpm docs:use-cases`)', () => {
    const markdown = readFileSync(README, 'utf8');
    const written = withUseCaseTable(markdown, useCaseTable(rows));
    if (process.env.UPDATE_USE_CASE_TABLE === '1' && written !== markdown) writeFileSync(README, written);
    else expect(markdown).toBe(written);
  });
});
