import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './migrate';

/**
 * A rolling release (README "Running in production"): the first new instance applies the
 * migrations at start while the old instances still serve, so a migration must leave the schema
 * usable by the previous release's code ("expand"): it may add tables, nullable columns or columns
 * with a default, indexes, functions and triggers; it may not drop or rename what old code reads
 * or writes, change a column's type, or make a column required that old code leaves out. Such a
 * "contract" change waits for the release after the one that stopped using the column, and is
 * listed below with its reason.
 */
const CONTRACTING: ReadonlyArray<{ pattern: RegExp; why: string }> = [
  { pattern: /\bDROP\s+(TABLE|VIEW|TYPE|SCHEMA)\b/i, why: 'drops what old code may read' },
  { pattern: /\bDROP\s+COLUMN\b/i, why: 'drops a column old code may read or write' },
  { pattern: /\bRENAME\b/i, why: 'renames what old code names' },
  { pattern: /\bALTER\s+COLUMN\s+\S+\s+(SET\s+DATA\s+)?TYPE\b/i, why: 'changes a column\'s type under old code' },
  { pattern: /\bSET\s+NOT\s+NULL\b/i, why: 'makes a column required that old code may leave out' },
  { pattern: /\bADD\s+COLUMN\b(?![^;]*\bDEFAULT\b)[^;]*\bNOT\s+NULL\b/i, why: 'adds a required column without a default: old code\'s inserts fail' },
  { pattern: /\bDROP\s+INDEX\b/i, why: 'drops an index old code may name in ON CONFLICT' },
];

/** Contracting statements that shipped before rolling releases were supported, with why they were safe then. */
const ALLOWED: Record<string, { statement: RegExp; why: string }[]> = {
  '0012_integration_audit.sql': [
    { statement: /DROP INDEX "idempotency_keys_user_key"/, why: 'replaced in the same migration by a key scoped to the API key or user; shipped with a full restart (issue 30), before rolling releases' },
  ],
};

function contractingStatements(sqlText: string): { statement: string; why: string }[] {
  return sqlText
    .split('--> statement-breakpoint')
    .map((statement) => statement.replace(/--[^\n]*\n/g, '\n').trim())
    .filter(Boolean)
    .flatMap((statement) => CONTRACTING.filter((rule) => rule.pattern.test(statement)).map((rule) => ({ statement, why: rule.why })));
}

describe('migrations keep the previous release working during a rolling release', () => {
  it('recognises a contracting statement', () => {
    expect(contractingStatements('ALTER TABLE "stores" DROP COLUMN "note";')).toHaveLength(1);
    expect(contractingStatements('ALTER TABLE "stores" ADD COLUMN "note" text NOT NULL;')).toHaveLength(1);
    expect(contractingStatements('ALTER TABLE "stores" RENAME COLUMN "note" TO "notes";')).toHaveLength(1);
    expect(contractingStatements('ALTER TABLE "stores" ALTER COLUMN "code" SET DATA TYPE varchar(40);')).toHaveLength(1);
    expect(contractingStatements('ALTER TABLE "stores" ALTER COLUMN "note" SET NOT NULL;')).toHaveLength(1);
    expect(contractingStatements('ALTER TABLE "stores" ADD COLUMN "note" text;--> statement-breakpoint\nALTER TABLE "stores" ADD COLUMN "kind" text DEFAULT \'shop\' NOT NULL;')).toEqual([]);
    expect(contractingStatements('CREATE INDEX "stores_note" ON "stores" ("note");')).toEqual([]);
  });

  it('no migration contracts the schema, but those listed with their reason', () => {
    const files = readdirSync(MIGRATIONS_FOLDER).filter((name) => name.endsWith('.sql')).sort();
    expect(files.length).toBeGreaterThan(10);
    const unexpected: string[] = [];
    for (const file of files) {
      const allowed = ALLOWED[file] ?? [];
      for (const found of contractingStatements(readFileSync(path.join(MIGRATIONS_FOLDER, file), 'utf8'))) {
        if (!allowed.some((entry) => entry.statement.test(found.statement))) unexpected.push(`${file}: ${found.why}: ${found.statement.slice(0, 120)}`);
      }
    }
    expect(unexpected).toEqual([]);
  });
});
