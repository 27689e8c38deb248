// The web's types come from the contract, so a change to a contract schema breaks the web's
// compile exactly where a screen uses what changed. Shown here by compiling web/ (its own
// tsconfig) with one field of the Hub schema renamed, in memory: the Hub page's header, which
// prints the CEP, must fail, and the unchanged contract must compile clean.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const schemaFile = resolve(root, 'contract/hubs/hub-schemas.ts');
const screen = resolve(root, 'web/src/features/hubs/components/detail/hub-header.tsx');

function webDiagnostics(edit?: (text: string) => string): ts.Diagnostic[] {
  const configPath = resolve(root, 'web/tsconfig.json');
  const config = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, dirname(configPath));
  const host = ts.createCompilerHost(parsed.options);
  const readFile = host.readFile.bind(host);
  host.readFile = (path) => {
    const text = readFile(path);
    return edit && text !== undefined && resolve(path) === schemaFile ? edit(text) : text;
  };
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, host });
  return [...ts.getPreEmitDiagnostics(program)];
}

const describeDiagnostic = (d: ts.Diagnostic) => `${d.file ? resolve(d.file.fileName) : '?'}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;

describe('a contract change reaches the web’s compile', () => {
  it('renaming the Hub’s zipcode fails the screen that shows the CEP', () => {
    const original = readFileSync(schemaFile, 'utf8');
    expect(original).toContain('  zipcode: z.string(),');
    const errors = webDiagnostics((text) => text.replace('  zipcode: z.string(),', '  postal_code: z.string(),')).map(describeDiagnostic);
    expect(errors.filter((e) => e.startsWith(screen) && e.includes("'zipcode'"))).not.toEqual([]);
  }, 120_000);

  it('the contract as it is compiles with the web', () => {
    expect(webDiagnostics().map(describeDiagnostic)).toEqual([]);
  }, 120_000);
});
