import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryFiles, ROOT } from '../tests/code-files';

/**
 * No export is used nowhere (issue 46): an exported declaration of src/, server/ or domain/ whose
 * name no other file of the repository (tests, scripts and benches included) and not its own file
 * mentions is dead code, and goes. Named by the word, as a reader searching for it would: a name
 * only a comment of another file mentions still counts as used, which errs on keeping.
 *
 * Not walked: server/db/schema/ — drizzle-kit writes the migrations from every table that module
 * exports, so a table no query names yet is still the database's (its row type beside it).
 */
const DECLARATION = /^export\s+(?:declare\s+)?(?:async\s+)?(?:const|let|function\*?|class|abstract\s+class|type|interface|enum)\s+([A-Za-z_$][\w$]*)/gm;
const SOURCE = /\.(?:ts|tsx|mjs)$/;
const TEST = /\.(?:test|spec)\.tsx?$|test-helper/;

function trackedTexts(): Map<string, string> {
  const files = repositoryFiles(['src', 'server', 'domain', 'scripts', 'bench', 'tests']).filter((file) => SOURCE.test(file));
  return new Map(files.map((file) => [file, readFileSync(path.join(ROOT, file), 'utf8')]));
}

function deadExports(texts: ReadonlyMap<string, string>): string[] {
  const walked = [...texts.keys()].filter((file) => /^(?:src|server|domain)\//.test(file) && !TEST.test(file) && !file.endsWith('.d.ts') && !file.startsWith('server/db/schema/'));
  const dead: string[] = [];
  for (const file of walked) {
    const text = texts.get(file)!;
    for (const match of text.matchAll(DECLARATION)) {
      const word = new RegExp(`(?<![\\w$])${match[1].replace(/\$/g, '\\$')}(?![\\w$])`);
      const ownUses = text.split(word).length - 1;
      if (ownUses > 1) continue;
      if ([...texts].some(([other, otherText]) => other !== file && word.test(otherText))) continue;
      dead.push(`${file}: ${match[1]}`);
    }
  }
  return dead;
}

describe('exports', () => {
  it('are each used somewhere: by another file, or by their own', () => {
    expect(deadExports(trackedTexts())).toEqual([]);
  }, 60_000); // every name of ~1,400 files against all their texts: seconds, more on a busy machine

  it('the walk names the exports nothing uses, and only those', () => {
    const tree = new Map([
      ['domain/rules.ts', 'export const SHARED_MAX = 5;\nexport const OWN_MIN = 1;\nexport const OWN_MAX = OWN_MIN + 1;\nexport function unusedRule() {}\n'],
      ['src/form.ts', "import { SHARED_MAX } from '../domain/rules';\n"],
      ['server/db/schema/tables.ts', 'export const tableNoQueryNames = 1;\n'],
      ['domain/rules.test.ts', 'export const fixture = 1;\n'],
    ]);
    expect(deadExports(tree)).toEqual(['domain/rules.ts: OWN_MAX', 'domain/rules.ts: unusedRule']);
  });
});
