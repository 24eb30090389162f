// layers.mjs — the server's layers as src/server/README.md ("Layers") draws them, and a check
// of the tree against them: which folder may include and link which, who may use internal
// headers, SQLite and libwebsockets. layers.test.mjs runs it on the real tree and on altered
// copies (so the check is shown to fail on a wrong-way include).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The "Layers" table of the README: rows "| layer | where | may use |", where "may use" is a
 * comma-separated list of layers or "—" (none) or "every layer". Returns Map layer → {where,
 * uses: Set}.
 */
export function readLayerTable(readme) {
  const start = readme.indexOf('## Layers');
  if (start < 0) throw new Error('src/server/README.md has no "## Layers" section');
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  const layers = new Map();
  for (const line of section.split('\n')) {
    const cells = line.split('|').slice(1, -1).map((c) => c.trim());
    if (cells.length !== 3 || !/^`?[a-z]+`?$/.test(cells[0]) || cells[0] === 'layer') continue;
    const name = cells[0].replaceAll('`', '');
    const uses = /^(—|-|none)$/.test(cells[2]) ? [] : cells[2] === 'every layer' ? ['*'] : cells[2].split(',').map((u) => u.trim().replaceAll('`', ''));
    layers.set(name, { where: cells[1], uses: new Set(uses) });
  }
  if (!layers.size) throw new Error('the "Layers" table of src/server/README.md has no rows');
  return layers;
}

/** the layer of a path relative to src/server: its folder, or "top" / "main" for the files at the top */
export function layerOf(path, layers) {
  const slash = path.indexOf('/');
  if (slash > 0) return path.slice(0, slash);
  if (path === 'main.c') return 'main';
  return layers.has('top') ? 'top' : null;
}

function may(layers, from, to) {
  if (from === to) return true;
  const row = layers.get(from);
  return !!row && (row.uses.has('*') || row.uses.has(to));
}

// the identifiers of libwebsockets' timers and loop, which layers other than net/ may use
const LWS_TIMER_WORDS = new Set(['lws_sul_schedule', 'lws_sul_cancel', 'lws_sorted_usec_list_t', 'lws_usec_t',
  'lws_now_usecs', 'lws_container_of', 'lws_context', 'LWS_US_PER_MS', 'lws_dll2_owner_t']);
// base/timers.c/.h: the server's own timers, kept on libev beside lws's (they are lws timers)
const isBaseTimers = (path) => /(^|\/)base\/timers\.[ch]$/.test(path);

function stripComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/\/\/[^\n]*/g, '');
}

/**
 * Checks files ({path relative to src/server: text}, .c and .h, plus each folder's
 * CMakeLists.txt) against the table. Returns a list of problems, each one line naming the file.
 */
export function checkLayers(files, layers) {
  const problems = [];
  const folders = new Set([...layers.keys()].filter((l) => l !== 'top' && l !== 'main'));
  for (const [path, raw] of Object.entries(files)) {
    const from = layerOf(path, layers);
    if (path.endsWith('CMakeLists.txt')) {
      if (!path.includes('/')) continue; // the top one gathers every library
      for (const m of raw.matchAll(/\bippon_server_([a-z]+)\b/g)) {
        const to = m[1] === 'root' ? from : m[1];
        if (!layers.has(to)) problems.push(`${path}: links ippon_server_${m[1]}, which is no layer of the table`);
        else if (!may(layers, from, to)) problems.push(`${path}: ${from} links ${to} (ippon_server_${m[1]}), against the table`);
      }
      continue;
    }
    if (!from || !layers.has(from)) {
      problems.push(`${path}: in no layer of the table (a new folder needs a row in src/server/README.md)`);
      continue;
    }
    const text = stripComments(raw);
    for (const m of text.matchAll(/#\s*include\s*([<"])([^">]+)[">]/g)) {
      const [, kind, name] = m;
      if (kind === '<') {
        if (name === 'sqlite3.h' && path !== 'store/sql_sqlite.c')
          problems.push(`${path}: includes <sqlite3.h>: only the store's SQLite driver (store/sql_sqlite.c) uses SQLite`);
        if (name === 'libpq-fe.h' && path !== 'store/sql_pg.c')
          problems.push(`${path}: includes <libpq-fe.h>: only the store's PostgreSQL driver (store/sql_pg.c) uses libpq`);
        if (name === 'libwebsockets.h' && from !== 'net') {
          if (from !== 'game' && from !== 'main' && !isBaseTimers(path))
            problems.push(`${path}: includes <libwebsockets.h>: only net/ (and game/, main.c, base/timers for timers)`);
          const words = new Set(text.match(/\b(lws_[a-z_]+|LWS_[A-Z_]+)\b/g) ?? []);
          for (const w of words) if (!LWS_TIMER_WORDS.has(w)) problems.push(`${path}: uses ${w}: outside net/ only libwebsockets' timers`);
        }
        continue;
      }
      if (name.startsWith('ippon/')) continue; // the public headers (include/ippon: the core, bot, logs, fairness): every layer
      const slash = name.indexOf('/');
      const to = slash > 0 ? name.slice(0, slash) : layerOf(name, layers);
      if (slash > 0 && !folders.has(to)) continue; // another library's header
      if (!may(layers, from, to)) problems.push(`${path}: ${from} includes "${name}" (${to}), against the table`);
      if (/_(internal|private)\.h$/.test(name) && to !== from) problems.push(`${path}: includes "${name}", internal to ${to}/`);
    }
  }
  return problems;
}

// the libraries beside the server, which know nothing of it: the server's layers use them (their
// public headers, include/ippon/), never the other way
export const LIBRARIES = ['core', 'bot', 'logs', 'mjai', 'fairness', 'rating', 'review', 'events'];

/**
 * Checks the libraries beside the server ({path relative to src: text}, .c and .h and each
 * folder's CMakeLists.txt): none includes a header of src/server or links one of its libraries.
 * Returns a list of problems, each one line naming the file.
 */
export function checkLibraries(files, serverFolders) {
  const problems = [];
  for (const [path, raw] of Object.entries(files)) {
    if (path.endsWith('CMakeLists.txt')) {
      for (const m of raw.matchAll(/\b(ippon_server\w*|ippon_tooling)\b/g))
        problems.push(`${path}: links ${m[1]}: the libraries beside the server know nothing of it`);
      continue;
    }
    const text = stripComments(raw);
    for (const m of text.matchAll(/#\s*include\s*"([^"]+)"/g)) {
      const name = m[1];
      const first = name.split('/')[0];
      if (name.includes('server/') || (name.includes('/') && serverFolders.has(first)) || ['app.h', 'config.h', 'metrics.h'].includes(name))
        problems.push(`${path}: includes "${name}", a header of the server`);
    }
  }
  return problems;
}

/** the libraries' sources: {path relative to src: text} */
export function readLibraries(srcDir) {
  const files = {};
  for (const lib of LIBRARIES) {
    for (const [path, text] of Object.entries(readTree(join(srcDir, lib)))) files[`${lib}/${path}`] = text;
  }
  return files;
}

/** the server's sources: {path relative to src/server: text} */
export function readTree(serverDir) {
  const files = {};
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(c|h)$/.test(name) || name === 'CMakeLists.txt') files[relative(serverDir, full)] = readFileSync(full, 'utf8');
    }
  };
  walk(serverDir);
  return files;
}
