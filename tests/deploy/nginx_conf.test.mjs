// nginx_conf.test.mjs — the example reverse proxy deploy/nginx.conf, read as nginx would group it
// (no nginx needed): its TLS server sends HSTS on every answer, and each proxied location passes
// the Host header on (the game's WebSocket takes pages of the Host's origin: src/server/README.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const SOURCE_DIR = process.env.IPPON_SOURCE_DIR;

/** the directives and blocks of nginx configuration text: [{ name, args, block? }] (comments dropped) */
function parse(text) {
  const tokens = text.replace(/#[^\n]*/g, '').match(/"[^"]*"|[{};]|[^\s{};"]+/g) ?? [];
  let at = 0;
  const block = () => {
    const out = [];
    let words = [];
    while (at < tokens.length) {
      const t = tokens[at++];
      if (t === ';') { out.push({ name: words[0], args: words.slice(1) }); words = []; }
      else if (t === '{') { out.push({ name: words[0], args: words.slice(1), block: block() }); words = []; }
      else if (t === '}') return out;
      else words.push(t.replace(/^"|"$/g, ''));
    }
    return out;
  };
  return block();
}

const conf = parse(await readFile(path.join(SOURCE_DIR, 'deploy/nginx.conf'), 'utf8'));
const servers = conf.filter((d) => d.name === 'server');
const tls = servers.find((s) => s.block.some((d) => d.name === 'listen' && d.args.includes('ssl')));

test('the TLS server sends Strict-Transport-Security, always, for at least a year', () => {
  assert.ok(tls, 'no server listens with ssl');
  const hsts = tls.block.find((d) => d.name === 'add_header' && /^strict-transport-security$/i.test(d.args[0]));
  assert.ok(hsts, 'no add_header Strict-Transport-Security in the TLS server');
  const maxAge = Number(/max-age=(\d+)/.exec(hsts.args[1])?.[1]);
  assert.ok(maxAge >= 31536000, `max-age ${maxAge}: under a year`);
  assert.equal(hsts.args[2], 'always', 'without "always" nginx leaves it off error answers');
  // a location with an add_header of its own inherits none of the server's
  for (const loc of tls.block.filter((d) => d.name === 'location'))
    assert.ok(!loc.block.some((d) => d.name === 'add_header'), `location ${loc.args.join(' ')} drops the server's headers`);
});

test('every proxied location of the TLS server passes the Host header on', () => {
  for (const loc of tls.block.filter((d) => d.name === 'location' && d.block.some((x) => x.name === 'proxy_pass'))) {
    const host = loc.block.find((d) => d.name === 'proxy_set_header' && /^host$/i.test(d.args[0]));
    if (loc.args.join(' ') === '= /metrics') continue; // not a page's, and nginx's default Host is the upstream's
    assert.ok(host && /^\$(host|http_host)$/.test(host.args[1]), `location ${loc.args.join(' ')}`);
  }
});
