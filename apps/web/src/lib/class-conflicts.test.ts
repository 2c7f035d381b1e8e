/**
 * `cn()` only joins class names (clsx): it does not resolve Tailwind conflicts, so two classes
 * setting the same property (`h-5` and `h-4`) leave the winner to the stylesheet's order. This test
 * finds such pairs statically, with tailwind-merge (a dev dependency used only here) as the judge:
 *
 * - classes joined in one `cn()` call (`cn('px-3', compact && 'px-0')`);
 * - a component's own classes against the `className` its callers pass
 *   (`<Spinner className="h-4 w-4" />` where Spinner has `h-5 w-5`), including `buttonClasses()`.
 *
 * A conflict is designed away (a size prop, a variant, a class that is not in the base), never
 * resolved by order. Variant maps (`VARIANTS[variant]`) are narrowed to the caller's literal prop or
 * the parameter's default.
 */
import fs from 'node:fs';
import path from 'node:path';
import { twMerge } from 'tailwind-merge';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');
const JOINERS = new Set(['cn', 'clsx']);

/** One possible class string; `key`/`value` say which variant map entry it came from. */
type Alt = { classes: string; key?: string; value?: string };
/** The possible values of one argument; `external` marks the caller's `className`. */
type Arg = { alts: Alt[]; external?: boolean };
type Base = { args: Arg[]; defaults: Record<string, string>; file: string; line: number };
type Finding = string;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function tokens(classes: string): string[] {
  return classes.split(/\s+/).filter(Boolean);
}

/** Classes of `first` that `second` overrides (tailwind-merge keeps the later one). */
function overridden(first: string, second: string): string[] {
  const kept = new Set(tokens(twMerge(`${first} ${second}`)));
  return tokens(first).filter((c) => !kept.has(c) && !tokens(second).includes(c));
}

function unwrap(node: ts.Expression): ts.Expression {
  let n = node;
  while (ts.isParenthesizedExpression(n) || ts.isAsExpression(n) || ts.isSatisfiesExpression(n)) {
    n = n.expression;
  }
  return n;
}

class FileScan {
  readonly consts = new Map<string, ts.Expression>();
  readonly sf: ts.SourceFile;

  constructor(readonly file: string) {
    this.sf = ts.createSourceFile(
      file,
      fs.readFileSync(file, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
      ts.ScriptKind.TSX,
    );
    const visit = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        this.consts.set(node.name.text, node.initializer);
      }
      ts.forEachChild(node, visit);
    };
    visit(this.sf);
  }

  line(node: ts.Node): number {
    return this.sf.getLineAndCharacterOfPosition(node.getStart(this.sf)).line + 1;
  }

  /** Every value an expression may take as a class string; [] when unknown. */
  arg(node: ts.Expression, depth = 0): Arg {
    const n = unwrap(node);
    if (depth > 8) return { alts: [] };
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) {
      return { alts: [{ classes: n.text }] };
    }
    if (ts.isIdentifier(n)) {
      if (n.text === 'className') return { alts: [], external: true };
      const init = this.consts.get(n.text);
      return init ? this.arg(init, depth + 1) : { alts: [] };
    }
    if (
      ts.isBinaryExpression(n) &&
      n.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken
    ) {
      return this.arg(n.right, depth + 1);
    }
    if (ts.isConditionalExpression(n)) {
      const a = this.arg(n.whenTrue, depth + 1);
      const b = this.arg(n.whenFalse, depth + 1);
      return { alts: [...a.alts, ...b.alts], external: a.external || b.external };
    }
    if (ts.isElementAccessExpression(n)) {
      const map = ts.isIdentifier(n.expression) ? this.consts.get(n.expression.text) : undefined;
      const key = ts.isIdentifier(n.argumentExpression) ? n.argumentExpression.text : undefined;
      if (!map || !ts.isObjectLiteralExpression(unwrap(map))) return { alts: [] };
      return { alts: this.mapAlts(unwrap(map) as ts.ObjectLiteralExpression, key, depth) };
    }
    if (ts.isPropertyAccessExpression(n) && ts.isIdentifier(n.expression)) {
      const map = this.consts.get(n.expression.text);
      if (!map || !ts.isObjectLiteralExpression(unwrap(map))) return { alts: [] };
      return {
        alts: this.mapAlts(unwrap(map) as ts.ObjectLiteralExpression, undefined, depth).filter(
          (a) => a.value === n.name.text,
        ),
      };
    }
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && JOINERS.has(n.expression.text)) {
      // A nested join: one alternative per combination (capped), the external mark carried up.
      const args = n.arguments.map((a) => this.arg(a, depth + 1));
      let combos: string[] = [''];
      for (const a of args) {
        if (a.alts.length === 0) continue;
        combos = combos
          .flatMap((c) => [c, ...a.alts.map((alt) => `${c} ${alt.classes}`)])
          .slice(0, 64);
      }
      return {
        alts: combos.map((c) => ({ classes: c.trim() })),
        external: args.some((a) => a.external),
      };
    }
    return { alts: [] };
  }

  private mapAlts(map: ts.ObjectLiteralExpression, key: string | undefined, depth: number): Alt[] {
    return map.properties.flatMap((p) => {
      if (!ts.isPropertyAssignment(p)) return [];
      const value = ts.isIdentifier(p.name) || ts.isStringLiteral(p.name) ? p.name.text : undefined;
      return this.arg(p.initializer, depth + 1).alts.map((a) => ({ ...a, key, value }));
    });
  }
}

function enclosingFunction(node: ts.Node): { name: string; fn: ts.SignatureDeclaration } | null {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if (ts.isFunctionDeclaration(n) && n.name) return { name: n.name.text, fn: n };
    if (
      (ts.isArrowFunction(n) || ts.isFunctionExpression(n)) &&
      ts.isVariableDeclaration(n.parent) &&
      ts.isIdentifier(n.parent.name)
    ) {
      return { name: n.parent.name.text, fn: n };
    }
  }
  return null;
}

/** Parameter defaults (`variant = 'primary'`, or `{ size = 'md' }`) of a function. */
function defaults(fn: ts.SignatureDeclaration): Record<string, string> {
  const out: Record<string, string> = {};
  const take = (name: ts.BindingName, init: ts.Expression | undefined) => {
    if (ts.isIdentifier(name) && init && ts.isStringLiteral(unwrap(init))) {
      out[name.text] = (unwrap(init) as ts.StringLiteral).text;
    }
    if (ts.isObjectBindingPattern(name)) {
      for (const el of name.elements) take(el.name, el.initializer);
    }
  };
  for (const p of fn.parameters) take(p.name, p.initializer);
  return out;
}

function narrow(alts: Alt[], props: Record<string, string>, dflt: Record<string, string>): Alt[] {
  return alts.filter((a) => {
    if (!a.key || a.value === undefined) return true;
    const chosen = props[a.key] ?? dflt[a.key];
    return chosen === undefined || chosen === a.value;
  });
}

function scan(): Finding[] {
  const scans = sourceFiles(SRC).map((f) => new FileScan(f));
  const findings: Finding[] = [];
  const bases = new Map<string, Base>();
  const rel = (s: FileScan, node: ts.Node) => `${path.relative(SRC, s.file)}:${s.line(node)}`;

  // Pass 1: conflicts inside one join, and the base classes of functions that take a className.
  for (const s of scans) {
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const callee = node.expression.text;
        if (JOINERS.has(callee)) {
          const args = node.arguments.map((a) => s.arg(a));
          for (const [i, a] of args.entries()) {
            for (const alt of a.alts) {
              const lost = overridden(alt.classes, '');
              if (lost.length)
                findings.push(`${rel(s, node)} "${alt.classes}" conflicts with itself`);
            }
            for (const b of args.slice(i + 1)) {
              for (const x of a.alts) {
                for (const y of b.alts) {
                  if (x.key && x.key === y.key && x.value !== y.value) continue;
                  const lost = overridden(x.classes, y.classes);
                  if (lost.length) {
                    findings.push(`${rel(s, node)} "${lost.join(' ')}" against "${y.classes}"`);
                  }
                }
              }
            }
          }
          const owner = enclosingFunction(node);
          if (owner && args.some((a) => a.external)) {
            bases.set(owner.name, {
              args: args.filter((a) => !a.external),
              defaults: defaults(owner.fn),
              file: s.file,
              line: s.line(node),
            });
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(s.sf);
  }

  // A component passing its className to a function with a base (Button → buttonClasses) has it too.
  for (const s of scans) {
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const base = bases.get(node.expression.text);
        const owner = enclosingFunction(node);
        const passes = node.arguments.some((a) => ts.isIdentifier(a) && a.text === 'className');
        if (base && owner && passes && !bases.has(owner.name)) bases.set(owner.name, base);
      }
      ts.forEachChild(node, visit);
    };
    visit(s.sf);
  }

  const check = (
    s: FileScan,
    node: ts.Node,
    name: string,
    props: Record<string, string>,
    caller: Arg,
  ) => {
    const base = bases.get(name);
    if (!base) return;
    for (const arg of base.args) {
      for (const own of narrow(arg.alts, props, base.defaults)) {
        for (const theirs of caller.alts) {
          const lost = overridden(own.classes, theirs.classes);
          if (lost.length) {
            findings.push(
              `${rel(s, node)} <${name}> "${theirs.classes}" overrides its "${lost.join(' ')}"`,
            );
          }
        }
      }
    }
  };

  // Pass 2: callers. JSX `<Name className=…>` and calls `buttonClasses('ghost', 'sm', '…')`.
  for (const s of scans) {
    const visit = (node: ts.Node) => {
      if (
        (ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) &&
        ts.isIdentifier(node.tagName)
      ) {
        const props: Record<string, string> = {};
        let caller: Arg | null = null;
        for (const attr of node.attributes.properties) {
          if (!ts.isJsxAttribute(attr) || !ts.isIdentifier(attr.name) || !attr.initializer)
            continue;
          const init = attr.initializer;
          const expr = ts.isStringLiteral(init)
            ? init
            : ts.isJsxExpression(init) && init.expression
              ? init.expression
              : null;
          if (!expr) continue;
          if (attr.name.text === 'className') caller = s.arg(expr);
          else if (ts.isStringLiteral(unwrap(expr)))
            props[attr.name.text] = (unwrap(expr) as ts.StringLiteral).text;
        }
        if (caller) check(s, node, node.tagName.text, props, caller);
      }
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const base = bases.get(node.expression.text);
        const decl = base && scans.find((x) => x.file === base.file);
        const fn = decl && findFunction(decl.sf, node.expression.text);
        if (base && fn) {
          const props: Record<string, string> = {};
          let caller: Arg | null = null;
          fn.parameters.forEach((p, i) => {
            const a = node.arguments[i];
            if (!a || !ts.isIdentifier(p.name)) return;
            if (p.name.text === 'className') caller = s.arg(a);
            else if (ts.isStringLiteral(unwrap(a)))
              props[p.name.text] = (unwrap(a) as ts.StringLiteral).text;
          });
          if (caller) check(s, node, node.expression.text, props, caller);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(s.sf);
  }
  return [...new Set(findings)].sort();
}

function findFunction(sf: ts.SourceFile, name: string): ts.FunctionDeclaration | null {
  let found: ts.FunctionDeclaration | null = null;
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) && node.name?.text === name) found = node;
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('class names joined by cn() never conflict', () => {
  it('finds no Tailwind conflict in a join or between a component and its callers', () => {
    expect(scan()).toEqual([]);
  });

  it('would see one (the scan is not blind)', () => {
    const probe = path.join(SRC, 'lib', '__conflict_probe__.tsx');
    fs.writeFileSync(
      probe,
      [
        "import { cn } from './utils';",
        'export function Dot({ className }: { className?: string }) {',
        "  return <span className={cn('h-5 w-5 rounded', className)} />;",
        '}',
        "export const a = cn('px-3', Math.random() > 0.5 && 'px-0');",
        'export const b = <Dot className="h-4" />;',
      ].join('\n'),
    );
    try {
      const found = scan().filter((f) => f.includes('__conflict_probe__'));
      expect(found).toHaveLength(2);
      expect(found.join('\n')).toMatch(/<Dot> "h-4" overrides its "h-5"/);
      expect(found.join('\n')).toMatch(/"px-3" against "px-0"/);
    } finally {
      fs.rmSync(probe, { force: true });
    }
  });
});
