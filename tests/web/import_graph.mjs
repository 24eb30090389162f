// import_graph.mjs — the static import graph of the browser's ES modules, read from their text:
// every `import … from '…'`, `import '…'` and `export … from '…'` of a module, and the modules
// reached from one by following them. For tests/web's checks on web/ (vendor.test.mjs,
// pure_modules.test.mjs). Dynamic import() is not followed (the pure modules use none).
import { readFileSync, existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const STATIC_IMPORT = /^\s*(?:import|export)\s+(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

/** the specifiers a module's text imports from, in order */
export function importsOf(text) {
  return [...text.matchAll(STATIC_IMPORT)].map((m) => m[1]);
}

/**
 * every module reached from the file `entry` (itself included), as absolute paths, with the
 * specifiers that could not be followed (not relative, or no such file) in `unresolved`
 */
export function importGraph(entry) {
  const seen = new Set();
  const unresolved = [];
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of importsOf(readFileSync(file, 'utf8'))) {
      const target = spec.startsWith('./') || spec.startsWith('../') ? resolve(dirname(file), spec) : null;
      if (target && existsSync(target)) visit(target);
      else unresolved.push({ from: file, spec });
    }
  };
  visit(resolve(entry));
  return { modules: [...seen], unresolved };
}
