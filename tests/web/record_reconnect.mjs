// record_reconnect.mjs — records the reconnect fixtures of game.test.mjs from a real server run:
// a guest plays practice matches (3p and 4p) over the WebSocket, calling whatever it is offered
// (kita, pon, chi, kans, riichi, a win), until, in the middle of a hand where it has called or set a
// North aside, it is asked for a discard; then it drops the connection, says hello again and
// keeps the `view` the server sends. Writes what the seat received, match_found to the view,
// to fixtures/reconnect_<mode>.json.
// Not a test: run it by hand when the protocol changes, from a build folder:
//   IPPON_BUILD_DIR=$PWD IPPON_SOURCE_DIR=/path/to/source node /path/to/source/tests/web/record_reconnect.mjs
import fs from 'node:fs/promises';
import path from 'node:path';
import { serve, shutdown } from '../integration/harness.mjs';
import { player, guestToken } from '../integration/ws_player.mjs';

const OUT = path.join(import.meta.dirname, 'fixtures');
const PREFER = ['tsumo', 'ron', 'kita', 'ankan', 'kakan', 'daiminkan', 'pon', 'chi', 'riichi'];

/** plays practice matches of `mode` until a hand fits; resolves to the messages, the view last */
async function record(port, mode) {
  const token = await guestToken(port);
  for (let match = 0; match < 50; match++) {
    const c = await player(port, token);
    c.send({ type: 'practice', mode });
    const got = [];
    let called = false;
    for (;;) {
      const m = await c.next(() => true, 30_000, 'a message');
      if (m.type === 'match_found') got.length = 0;
      got.push(m);
      if (m.type === 'event' && m.event.type === 'hand_start') called = false;
      if (m.type === 'event' && ['call', 'kita'].includes(m.event.type) && m.event.seat === got[0].seat) called = true;
      if (m.type === 'event' && m.event.type === 'match_end') break;
      if (m.type !== 'ask') continue;
      const discards = m.options.filter((o) => o.type === 'discard');
      const mine = got.filter((x) => x.type === 'event' && x.event.type === 'discard' && x.event.seat === got[0].seat);
      if (called && discards.length && mine.length >= 4) {
        c.close();
        await c.untilClosed();
        const again = await player(port, token);
        const view = await again.next((x) => x.type === 'view', 10_000, 'the view');
        again.close();
        return [...got, view];
      }
      const pick = PREFER.map((t) => m.options.find((o) => o.type === t)).find(Boolean) ?? m.options[0];
      c.send({ type: 'act', seq: m.seq, action: pick });
    }
    c.close();
  }
  throw new Error(`no ${mode} hand with a call in 50 matches`);
}

const server = await serve({ pwhash_ops: 1, pwhash_mem_kib: 8, bot_delay_ms: 0, guests_per_address: 1000,
  max_messages_per_10s: 1000000 });
try {
  await fs.mkdir(OUT, { recursive: true });
  for (const mode of ['3p', '4p']) {
    const messages = await record(server.port, mode);
    await fs.writeFile(path.join(OUT, `reconnect_${mode}.json`), `${JSON.stringify(messages, null, 0).replace(/\},\{"type"/g, '},\n{"type"')}\n`);
    console.log(mode, messages.length, 'messages');
  }
} finally {
  await shutdown(server);
}
