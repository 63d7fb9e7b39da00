import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The code explains itself by citing docs/ (docs/product.md#credits, docs/api.md#sync, docs/decisions/0026-…),
// never files that live outside the repository. This test keeps it so: comments and test names may not cite the
// product owner's specification, contract or architecture files (../shared/*.md, by their upper-case names), and
// every docs/ file and anchor the code names exists.
// Strings the program serves (the OpenAPI descriptions) are behaviour, not citations: they are not read here.

const root = path.resolve(import.meta.dirname, '../..');
const TREES = ['api', 'web', 'sync', 'e2e'];
const SKIP_DIRS = new Set(['node_modules', 'dist']);
const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');

/** Files under dir whose names match, skipping hidden folders, dependencies and builds. */
function walk(dir: string, names: RegExp): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || SKIP_DIRS.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full, names);
    return names.test(entry.name) ? [full] : [];
  });
}

const files = TREES.flatMap((tree) => walk(path.join(root, tree), /\.tsx?$/));

const TEST_CALLS = new Set(['describe', 'it', 'test']);

/** The comments of a file and the names of its describe / it / test calls, each with its line. */
function proseOf(file: string, text: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = new Map<number, string>();
  const comments = (ranges: ts.CommentRange[] | undefined) => ranges?.forEach((r) => found.set(r.pos, text.slice(r.pos, r.end)));
  const visit = (node: ts.Node) => {
    // JSX text is shown to users, not trivia: `<p>// x</p>` is no comment.
    if (node.kind !== ts.SyntaxKind.JsxText) {
      comments(ts.getLeadingCommentRanges(text, node.getFullStart()));
      comments(ts.getTrailingCommentRanges(text, node.getEnd()));
    }
    if (ts.isCallExpression(node)) {
      let callee: ts.Expression = node.expression;
      while (ts.isPropertyAccessExpression(callee) || ts.isCallExpression(callee)) callee = callee.expression;
      const name = node.arguments[0];
      if (ts.isIdentifier(callee) && TEST_CALLS.has(callee.text) && name && ts.isStringLiteralLike(name)) found.set(name.getStart(source), name.text);
    }
    node.getChildren(source).forEach(visit);
  };
  visit(source);
  return [...found].map(([pos, prose]) => ({ line: source.getLineAndCharacterOfPosition(pos).line + 1, text: prose }));
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of markdown.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = heading!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count ? `${slug}-${count}` : slug);
  }
  for (const [, id] of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id!);
  return anchors;
}

const anchorCache = new Map<string, Set<string> | undefined>();
function anchorsOfFile(docPath: string): Set<string> | undefined {
  if (!anchorCache.has(docPath)) {
    const full = path.join(root, docPath);
    anchorCache.set(docPath, fs.existsSync(full) ? anchorsOf(fs.readFileSync(full, 'utf8')) : undefined);
  }
  return anchorCache.get(docPath);
}

const decisions = fs.readdirSync(path.join(root, 'docs/decisions'));

/** Why a docs/ reference does not resolve, or undefined when it does. */
function brokenReason(reference: string): string | undefined {
  const record = /^docs\/decisions\/(\d{4})$/.exec(reference);
  if (record) return decisions.some((name) => name.startsWith(`${record[1]}-`)) ? undefined : 'no such decision record';
  const [docPath, anchor] = reference.split('#') as [string, string | undefined];
  const anchors = anchorsOfFile(docPath);
  if (!anchors) return 'no such file';
  if (anchor !== undefined && !anchors.has(anchor)) return `no heading with anchor #${anchor}`;
  return undefined;
}

// A docs/ path as code cites it: a .md file with an optional anchor, or a decision record by its number.
const DOCS_REFERENCE = /docs\/(?:[\w.-]+\/)*[\w.-]+\.md(?:#[\w-]+)?|docs\/decisions\/\d{4}(?![\d-])/g;
const OUTSIDE_CITATION = /\bSPEC\b|\bCONTRACT\b|\bARCHITECTURE\b|shared\/(?:SPEC|CONTRACT|ARCHITECTURE)/;

describe('citations in the code point into docs/', () => {
  it('finds the source files', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files.map(rel)).toContain('api/src/docs-citations.test.ts');
  });

  it('no comment or test name cites the specification, contract or architecture files outside the repository', () => {
    const offenders = files.flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      if (!OUTSIDE_CITATION.test(text)) return [];
      return proseOf(file, text)
        .filter((prose) => OUTSIDE_CITATION.test(prose.text))
        .map((prose) => `${rel(file)}:${prose.line}: ${prose.text.trim().slice(0, 120)}`);
    });
    expect(offenders, 'cite docs/product.md, docs/api.md or docs/architecture.md with an anchor instead').toEqual([]);
  });

  it('every docs/ file and anchor the code cites exists', () => {
    const broken = files.flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(DOCS_REFERENCE)].flatMap(([reference]) => {
        const reason = brokenReason(reference);
        return reason ? [`${rel(file)}: ${reference} (${reason})`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });

  it("every link between the docs' own pages resolves", () => {
    const pages = ['README.md', ...walk(path.join(root, 'docs'), /\.md$/).map(rel)];
    const broken = pages.flatMap((page) => {
      const text = fs.readFileSync(path.join(root, page), 'utf8');
      return [...text.matchAll(/\]\(([^)\s]+)\)/g)].flatMap(([, target]) => {
        if (/^[a-z]+:/.test(target!)) return [];
        const [file, anchor] = target!.split('#') as [string, string | undefined];
        const resolved = file ? rel(path.resolve(path.dirname(path.join(root, page)), file)) : page;
        if (!resolved.endsWith('.md')) return fs.existsSync(path.join(root, resolved)) ? [] : [`${page}: ${target} (no such file)`];
        const reason = brokenReason(anchor === undefined ? resolved : `${resolved}#${anchor}`);
        return reason ? [`${page}: ${target} (${reason})`] : [];
      });
    });
    expect(broken).toEqual([]);
  });
});
