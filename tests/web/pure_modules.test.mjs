// pure_modules.test.mjs — the client's model stays pure: the modules that hold and check the
// table (game.js, tenpai.js, openhands.js, fairness.js, and the notation.js they share) reach,
// through all their imports, no module that uses the browser's page or storage (document,
// window, localStorage, sessionStorage, navigator, location, the DOM-drawing tiles.js, dom.js,
// i18n.js). So they load and run in Node, where tests/web tests them, and the drawing
// stays in the views. Also each of them loads in Node with none of those globals defined.
// Run: node --test tests/web/pure_modules.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { importGraph } from './import_graph.mjs';

const root = join(import.meta.dirname, '../..');
const PURE = ['notation.js', 'game.js', 'tenpai.js', 'openhands.js', 'fairness.js'];
const BROWSER_GLOBALS = /\b(document|window|localStorage|sessionStorage|navigator|location)\b/;

// a module's code without its comments (a comment may name the DOM it stays away from)
const code = (file) => readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"])\/\/.*$/gm, '$1');

test('the browser-global check sees the page in the modules that draw it', () => {
  for (const name of ['dom.js', 'i18n.js', 'tiles.js', 'table.js']) {
    const { modules } = importGraph(join(root, 'web/js', name));
    assert.ok(modules.some((m) => BROWSER_GLOBALS.test(code(m))), name);
  }
});

for (const name of PURE) {
  test(`${name} reaches no module that touches the page or storage`, () => {
    const { modules, unresolved } = importGraph(join(root, 'web/js', name));
    assert.deepEqual(unresolved, [], 'every import is a file of web/');
    for (const m of modules) {
      const where = relative(root, m);
      assert.ok(!/\/(dom|i18n|tiles)\.js$/.test(m), `${name} imports ${where}`);
      const use = code(m).match(BROWSER_GLOBALS);
      assert.equal(use, null, `${where} (imported by ${name}) uses ${use && use[0]}`);
    }
  });
}

test('the pure modules load in Node, where no browser global exists', async () => {
  for (const g of ['document', 'window', 'localStorage', 'location']) assert.equal(globalThis[g], undefined, g);
  for (const name of PURE) {
    const mod = await import(pathToFileURL(join(root, 'web/js', name)).href);
    assert.ok(Object.keys(mod).length > 0, name);
  }
});
