import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every relative link of the repository's Markdown must work in a fresh clone: its target is a
// file (or folder) of the repository, never a path outside it, and an `#anchor` into a Markdown
// file names one of its headings as GitHub renders them.

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

interface Repository {
  /** Repository-relative paths of the files a clone has. */
  files: ReadonlySet<string>;
  read(path: string): string;
}

/** Fenced code blocks hold no links or headings; blanked out, they keep line numbers. */
function withoutFences(markdown: string): string {
  let fence: string | null = null;
  return markdown
    .split('\n')
    .map((line) => {
      const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence === null && marker) {
        fence = marker;
        return '';
      }
      if (fence !== null) {
        if (marker?.startsWith(fence.charAt(0)) && marker.length >= fence.length && line.trim() === marker) {
          fence = null;
        }
        return '';
      }
      return line;
    })
    .join('\n');
}

const withoutCodeSpans = (markdown: string) =>
  markdown.replace(/(`+)[^`][\s\S]*?\1/g, (span) => span.replace(/[^\n]/g, ' '));

/** GitHub's heading ids (github-slugger): lower case, punctuation dropped, spaces to hyphens. */
function headingSlugs(markdown: string): Set<string> {
  const lines = withoutFences(markdown).split('\n');
  const texts: string[] = [];
  lines.forEach((line, i) => {
    const atx = /^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (atx) texts.push(atx[1] ?? '');
    else if (i > 0 && /^ {0,3}(=+|-+)[ \t]*$/.test(line) && /^ {0,3}[^\s|>#*+-]/.test(lines[i - 1] ?? '')) {
      texts.push((lines[i - 1] ?? '').trim());
    }
  });
  const seen = new Map<string, number>();
  const slugs = new Set<string>();
  for (const text of texts) {
    const plain = text
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .replace(/`/g, '')
      .toLowerCase();
    const base = plain.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    slugs.add(count === 0 ? base : `${base}-${count}`);
  }
  return slugs;
}

/** Link targets with their line: inline links and images, reference definitions, HTML href/src. */
function linkTargets(markdown: string): { target: string; line: number }[] {
  const text = withoutCodeSpans(withoutFences(markdown));
  const patterns = [
    /!?\[(?:[^[\]]|\[[^[\]]*\])*\]\(\s*(<[^>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/g,
    /^ {0,3}\[[^\]]+\]:\s*(<[^>\n]*>|\S+)/gm,
    /<(?:a|img)\b[^>]*?\s(?:href|src)\s*=\s*"([^"]*)"/gi,
  ];
  const found: { target: string; index: number }[] = [];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const raw = match[1] ?? '';
      found.push({ target: raw.replace(/^<(.*)>$/, '$1'), index: match.index });
    }
  }
  return found
    .sort((a, b) => a.index - b.index)
    .map(({ target, index }) => ({ target, line: text.slice(0, index).split('\n').length }));
}

/** What is wrong with each relative link of `file`; links with a scheme (https:, mailto:) are not checked. */
function brokenLinks(repository: Repository, file: string): string[] {
  const problems: string[] = [];
  const folders = new Set([...repository.files].flatMap((f) => ancestors(f)));
  for (const { target, line } of linkTargets(repository.read(file))) {
    if (target === '' || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
    const at = `${file}:${line} → ${target}`;
    const hash = target.indexOf('#');
    const pathPart = decodeURIComponent((hash === -1 ? target : target.slice(0, hash)).replace(/\?.*$/, ''));
    const anchor = hash === -1 ? null : decodeURIComponent(target.slice(hash + 1));
    const resolved = pathPart === '' ? file : resolveInRepository(file, pathPart);
    if (resolved === null) {
      problems.push(`${at}: points outside the repository`);
      continue;
    }
    const isFile = repository.files.has(resolved);
    if (!isFile && !folders.has(resolved)) {
      problems.push(`${at}: ${resolved} is not in the repository`);
      continue;
    }
    if (
      anchor &&
      isFile &&
      resolved.endsWith('.md') &&
      !headingSlugs(repository.read(resolved)).has(anchor)
    ) {
      problems.push(`${at}: ${resolved} has no heading #${anchor}`);
    }
  }
  return problems;
}

/** The repository-relative path a link names, or null when it leaves the repository. */
function resolveInRepository(from: string, path: string): string | null {
  const joined = path.startsWith('/') ? path.slice(1) : posix.join(posix.dirname(from), path);
  const normal = posix.normalize(joined).replace(/\/$/, '');
  if (normal === '..' || normal.startsWith('../')) return null;
  return normal === '.' ? '' : normal;
}

function ancestors(path: string): string[] {
  const parts = path.split('/');
  return parts.map((_, i) => parts.slice(0, i).join('/'));
}

function inMemory(files: Record<string, string>): Repository {
  return {
    files: new Set(Object.keys(files)),
    read: (path) => files[path] ?? '',
  };
}

describe('the Markdown link check', () => {
  it('accepts links to files, folders and headings of the repository', () => {
    const repository = inMemory({
      'README.md': [
        '# Account service',
        'See [the spec](docs/spec.md#4-endpoints), [docs](docs/), [top](#account-service),',
        '![logo](docs/logo.png "Logo") and [the web](https://example.com/x.md).',
        '[ref]: ./docs/spec.md#errors-and-limits',
      ].join('\n'),
      'docs/spec.md': [
        '## 4. Endpoints',
        '### Operator CLI (`pnpm cli …`, also the `accounts` bin of apps/http)',
        '## Errors and limits',
        '## Errors and limits',
      ].join('\n'),
      'docs/logo.png': '',
    });
    expect(brokenLinks(repository, 'README.md')).toEqual([]);
    expect(headingSlugs(repository.read('docs/spec.md'))).toEqual(
      new Set([
        '4-endpoints',
        'operator-cli-pnpm-cli--also-the-accounts-bin-of-appshttp',
        'errors-and-limits',
        'errors-and-limits-1',
      ]),
    );
  });

  it('reports missing targets, paths outside the repository and unknown anchors, with their line', () => {
    const repository = inMemory({
      'README.md': [
        'The [spec](../shared/spec/account-service-spec.md) and [design](/../design.md).',
        'The [guide](docs/guide.md), [a section](docs/spec.md#nowhere) and [here](#nowhere).',
        '<a href="docs/gone.md">gone</a>',
      ].join('\n'),
      'docs/spec.md': '# Spec',
    });
    expect(brokenLinks(repository, 'README.md')).toEqual([
      'README.md:1 → ../shared/spec/account-service-spec.md: points outside the repository',
      'README.md:1 → /../design.md: points outside the repository',
      'README.md:2 → docs/guide.md: docs/guide.md is not in the repository',
      'README.md:2 → docs/spec.md#nowhere: docs/spec.md has no heading #nowhere',
      'README.md:2 → #nowhere: README.md has no heading #nowhere',
      'README.md:3 → docs/gone.md: docs/gone.md is not in the repository',
    ]);
  });

  it('ignores code blocks and code spans', () => {
    const repository = inMemory({
      'README.md': ['```sh', 'echo "[x](missing.md)"', '```', 'Run `[y](missing.md)` here.'].join('\n'),
    });
    expect(brokenLinks(repository, 'README.md')).toEqual([]);
  });
});

function repositoryOnDisk(): Repository {
  // Tracked files, and new ones not ignored: what a clone (after the next commit) has.
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const files = listed
    .split('\0')
    .filter((path) => path !== '' && !path.split('/').includes('node_modules'))
    .filter((path) => existsSync(`${ROOT}${path}`));
  return { files: new Set(files), read: (path) => readFileSync(`${ROOT}${path}`, 'utf8') };
}

describe('the repository Markdown', () => {
  const repository = repositoryOnDisk();
  const markdownFiles = [...repository.files].filter((path) => path.endsWith('.md')).sort();

  it('includes the README and the docs', () => {
    expect(markdownFiles).toContain('README.md');
    expect(markdownFiles.some((path) => path.startsWith('docs/'))).toBe(true);
  });

  it.each(markdownFiles)('%s links only to what the repository has', (file) => {
    expect(brokenLinks(repository, file)).toEqual([]);
  });
});
