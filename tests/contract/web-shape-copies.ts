// Finds types under web/src written by hand that copy an API shape: an interface or object type
// whose fields are (mostly) the fields of an object the contract declares. The web must derive
// such types from the contract (z.infer through contract types) instead, so the two cannot drift.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import type { z } from 'zod';
import type { Endpoint } from '../../contract/endpoint.js';

export interface ShapeCopy {
  file: string;
  line: number;
  name: string;
  fields: string[];
  matches: string;
}

/** At least this many fields, most of them (this share) found in one contract object. */
const MIN_SHARED = 3;
const MIN_SHARE = 0.75;

type AnyDef = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
};

/** Every object shape (its field names) reachable from the endpoints' schemas. */
export function contractShapes(endpoints: Readonly<Record<string, Endpoint>>): Map<string, string[]> {
  const shapes = new Map<string, string[]>();
  const seen = new Set<unknown>();
  const visit = (schema: z.ZodType | undefined | null, where: string) => {
    if (!schema || seen.has(schema)) return;
    seen.add(schema);
    const def = (schema as unknown as { _zod: { def: AnyDef } })._zod.def;
    if (def.type === 'object' && def.shape) {
      const keys = Object.keys(def.shape);
      if (keys.length >= MIN_SHARED) shapes.set(`${where} {${keys.slice(0, 4).join(', ')}${keys.length > 4 ? ', …' : ''}}`, keys);
      for (const [key, inner] of Object.entries(def.shape)) visit(inner, `${where}.${key}`);
    }
    for (const inner of [def.element, def.innerType, def.in, def.out, def.left, def.right, def.valueType, ...(def.options ?? [])]) visit(inner, where);
    if (def.type === 'lazy' && def.getter) visit(def.getter(), where);
  };
  for (const [id, e] of Object.entries(endpoints)) {
    visit(e.params, `${id} params`);
    visit(e.query, `${id} query`);
    visit(e.body, `${id} body`);
    for (const [status, schema] of Object.entries(e.responses)) visit(schema, `${id} ${status}`);
  }
  return shapes;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The interfaces and object type aliases a source declares, with their own field names. */
export function declaredObjectTypes(fileName: string, text: string): Array<{ name: string; line: number; fields: string[] }> {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Array<{ name: string; line: number; fields: string[] }> = [];
  const fieldsOf = (members: ts.NodeArray<ts.TypeElement>) =>
    members.filter(ts.isPropertySignature).flatMap((m) => (ts.isIdentifier(m.name) || ts.isStringLiteral(m.name) ? [m.name.text] : []));
  const visit = (node: ts.Node) => {
    if (ts.isInterfaceDeclaration(node)) found.push({ name: node.name.text, line: lineOf(source, node), fields: fieldsOf(node.members) });
    if (ts.isTypeAliasDeclaration(node) && ts.isTypeLiteralNode(node.type))
      found.push({ name: node.name.text, line: lineOf(source, node), fields: fieldsOf(node.type.members) });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const lineOf = (source: ts.SourceFile, node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;

/** Hand-written copies of contract shapes in the given files (path → text). */
export function shapeCopiesIn(files: ReadonlyMap<string, string>, shapes: Map<string, string[]>): ShapeCopy[] {
  const copies: ShapeCopy[] = [];
  for (const [file, text] of files) {
    for (const type of declaredObjectTypes(file, text)) {
      if (type.fields.length < MIN_SHARED) continue;
      for (const [where, keys] of shapes) {
        const shared = type.fields.filter((f) => keys.includes(f)).length;
        if (shared >= MIN_SHARED && shared / type.fields.length >= MIN_SHARE) {
          copies.push({ file, line: type.line, name: type.name, fields: type.fields, matches: where });
          break;
        }
      }
    }
  }
  return copies;
}

/** Every hand-written copy of a contract shape under webSrc. */
export function findShapeCopies(webSrc: string, endpoints: Readonly<Record<string, Endpoint>>, root = webSrc): ShapeCopy[] {
  const files = new Map(sourceFiles(webSrc).map((path) => [relative(root, path), readFileSync(path, 'utf8')] as const));
  return shapeCopiesIn(files, contractShapes(endpoints));
}
