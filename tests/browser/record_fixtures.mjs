// record_fixtures.mjs — records the result fixtures of results.test.mjs from a real server run:
// a guest plays 4p practice matches over the WebSocket (riichi, tsumo and ron when offered,
// otherwise the drawn tile) until it has seen an exhaustive draw with tenpai and noten seats and
// a riichi win with ura dora indicators and at least three yaku, and writes what that seat
// received (match_found and the messages of that hand, to the match_end) to fixtures/*.json.
// Not a test: run it by hand when the protocol changes, from a build folder:
//   IPPON_BUILD_DIR=$PWD IPPON_SOURCE_DIR=/work/main node /work/main/tests/browser/record_fixtures.mjs
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { request } from '../integration/harness.mjs';
import { startSite } from './browser.mjs';

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const MAX_MATCHES = 400;

/** plays one practice match; resolves with every message received */
async function playMatch(port, token) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, 'ippon.v1');
  const got = [];
  await new Promise((resolve, reject) => { ws.on('open', resolve); ws.on('error', reject); });
  const done = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the match did not end in 60 s')), 60_000);
    ws.on('message', (d) => {
      const m = JSON.parse(String(d));
      got.push(m);
      if (m.type === 'welcome') ws.send(JSON.stringify({ type: 'practice', mode: '4p' }));
      if (m.type === 'ask') {
        const pick = (t) => m.options.find((o) => o.type === t);
        const drawn = [...got].reverse().find((x) => x.type === 'event' && x.event.type === 'draw' && x.event.tile);
        const action = pick('tsumo') || pick('ron') || pick('riichi') || pick('pass')
          || (drawn && m.options.find((o) => o.type === 'discard' && o.tile === drawn.event.tile)) || m.options[0];
        ws.send(JSON.stringify({ type: 'act', seq: m.seq, action }));
      }
      if (m.type === 'event' && m.event.type === 'match_end') {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  ws.send(JSON.stringify({ type: 'hello', v: 1, token }));
  await done;
  ws.close();
  return got;
}

/** match_found and the messages of the hand whose end satisfies `want`, to the end of the match */
function handOf(messages, want) {
  const end = messages.findIndex((m) => m.type === 'event' && want(m.event));
  if (end < 0) return null;
  let start = end;
  while (start > 0 && !(messages[start].type === 'event' && messages[start].event.type === 'hand_start')) start--;
  const nextStart = messages.findIndex((m, i) => i > end && m.type === 'event' && m.event.type === 'hand_start');
  const stop = nextStart < 0 ? messages.length : nextStart;
  return [messages.find((m) => m.type === 'match_found'), ...messages.slice(start, stop)];
}

const site = await startSite();
try {
  const res = await request(site.port, { method: 'POST', path: '/api/auth/guest', body: '{}' });
  const { token } = JSON.parse(res.body);
  const found = {};
  for (let i = 0; i < MAX_MATCHES && !(found.draw && found.win); i++) {
    const messages = await playMatch(site.port, token);
    found.draw ??= handOf(messages, (e) => e.type === 'exhaustive_draw' && e.tenpai.some((x) => x) && e.tenpai.some((x) => !x));
    found.win ??= handOf(messages, (e) => e.type === 'win' && e.ura.length > 0 && e.score.yaku.length >= 3);
    if (i % 20 === 19) console.log(`${i + 1} matches: ${Object.keys(found).filter((k) => found[k]).join(', ') || 'nothing yet'}`);
  }
  await fs.mkdir(OUT, { recursive: true });
  for (const [name, messages] of Object.entries(found)) {
    if (!messages) continue;
    const file = path.join(OUT, `${name}.json`);
    await fs.writeFile(file, `[\n${messages.map((m) => JSON.stringify(m)).join(',\n')}\n]\n`);
    console.log(`wrote ${file} (${messages.length} messages)`);
  }
} finally {
  await site.stop();
}
