// Code, tests and documents must not cite documents that are not in the repository (a specification's sections,
// a design page, issue numbers): the rule they stand for belongs in the comment, or in docs/ with a link.
// Files that still cite are listed with their count in scripts/citations-allowed.json; a file may only go down.
// Once that list is empty the whole tree is checked. `--update` lowers the counts (never raises them).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Written so that this file does not match itself. */
const CITATION = new RegExp(
  [
    String.raw`\b(?:spec|design)\s*\u00a7`,
    String.raw`\u00a7\s*\d`,
    String.raw`\bissues?\s+#?\d+`,
    String.raw`\(spec\)`,
    String.raw`\bthe\s+spec\b`,
    String.raw`\bspec-style\b`,
    String.raw`\bwritten\s+from\s+the\s+issue\b`,
    String.raw`\b(?:design|spec)\.md\b`,
  ].join('|'),
  'i',
);

export const SCANNED = ['src', 'server', 'contract', 'tests', 'scripts', 'bench', 'docs', 'README.md', '*.config.js', '*.config.ts'];
const TEXT = /\.(?:[cm]?[jt]sx?|md|json|css|html|sh)$/;

const ALLOWED_FILE = 'scripts/citations-allowed.json';

export type Counts = Record<string, number>;

/** The 1-based numbers of the lines of `text` that cite an outside document. */
export const citingLines = (text: string): number[] => text.split('\n').flatMap((line, i) => (CITATION.test(line) ? [i + 1] : []));

/** What is wrong: a file citing more often than it is allowed to (new files are allowed none). */
export function overAllowance(counts: Counts, allowed: Counts): string[] {
  return Object.entries(counts)
    .filter(([file, n]) => n > (allowed[file] ?? 0))
    .map(([file, n]) => `${file}: ${n} citation line(s), allowed ${allowed[file] ?? 0}`);
}

/** The allowance lowered to what the files now hold; files without citations leave the list. */
export const lowered = (counts: Counts, allowed: Counts): Counts =>
  Object.fromEntries(
    Object.entries(allowed)
      .map(([file, n]) => [file, Math.min(n, counts[file] ?? 0)] as const)
      .filter(([, n]) => n > 0)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );

function countTree(root: string): { counts: Counts; report: string[] } {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...SCANNED], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => TEXT.test(f) && f !== ALLOWED_FILE);
  const counts: Counts = {};
  const report: string[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(join(root, file), 'utf8');
    } catch {
      continue; // listed by git but deleted in the work tree
    }
    const lines = citingLines(text);
    if (lines.length === 0) continue;
    counts[file] = lines.length;
    report.push(...lines.map((n) => `  ${file}:${n}`));
  }
  return { counts, report };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = join(import.meta.dirname, '..');
  const allowed = JSON.parse(readFileSync(join(root, ALLOWED_FILE), 'utf8')) as Counts;
  const { counts, report } = countTree(root);
  if (process.argv.includes('--update')) {
    writeFileSync(join(root, ALLOWED_FILE), `${JSON.stringify(lowered(counts, allowed), null, 2)}\n`);
  }
  const wrong = overAllowance(counts, allowed);
  if (wrong.length > 0) {
    console.error('Cite the rule itself, or docs/ (e.g. docs/product.md#toasts), not a document outside the repository:');
    console.error(wrong.map((w) => `  ${w}`).join('\n'));
    console.error(report.filter((line) => wrong.some((w) => line.startsWith(`  ${w.split(':')[0]}:`))).join('\n'));
    process.exit(1);
  }
  const left = Object.keys(allowed).length;
  console.log(left === 0 ? 'citations: none in the tree' : `citations: none added (${left} file(s) still listed in ${ALLOWED_FILE})`);
}
