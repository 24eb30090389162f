// event_loop.test.mjs — the server on each of its event loops (config key "event_loop"): libev on
// epoll (the default) and libwebsockets' own poll(). On each: the start-up line names the loop; a
// 4p practice match is played to its end through asks (the tables' timers: bots, the call
// window); a 3p one with a seat that never answers, played by its clock; HTTP answers; a clean
// SIGTERM. A bad value is refused at start with the key named.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { FAST_PLAY, configure, request, runToExit, serve, shutdown } from './harness.mjs';
import { MATCH_TIMEOUT_MS, player, playToEnd } from './ws_player.mjs';

for (const loop of ['epoll', 'poll']) {
  describe(`on the ${loop} loop`, () => {
    test('the start-up names it; a practice match plays to its end; HTTP answers; SIGTERM stops it cleanly', async () => {
      const server = await serve({ ...FAST_PLAY, event_loop: loop, log_level: 'info' });
      try {
        assert.match(server.proc.stderr, new RegExp(`listening on .*event loop ${loop}\\)`));
        const c = await player(server.port);
        c.send({ type: 'practice', mode: '4p' });
        const found = await c.next((m) => m.type === 'match_found', 10_000, 'match_found');
        assert.equal(found.seats.length, 4);
        const end = await playToEnd(c);
        assert.equal(end.results.reduce((a, b) => a + b, 0), 0, 'results sum to 0');
        c.close();
        for (let i = 0; i < 3; i++) {
          const res = await request(server.port, { path: '/api/health' });
          assert.equal(res.status, 200);
        }
      } finally {
        await shutdown(server); // asserts exit code 0 and no sanitizer report
      }
    });

    test('a seat that never answers is played by its clock', async () => {
      const server = await serve({ ...FAST_PLAY, event_loop: loop, log_level: 'warn' });
      try {
        const c = await player(server.port);
        c.send({ type: 'practice', mode: '3p' });
        await c.next((m) => m.type === 'match_found', 10_000, 'match_found');
        const t = await c.next((m) => m.type === 'timeout', 20_000, 'a timeout');
        assert.ok(Number.isInteger(t.seq));
        const end = await c.next((m) => m.type === 'event' && m.event.type === 'match_end', MATCH_TIMEOUT_MS,
          'the match end');
        assert.equal(end.event.results.reduce((a, b) => a + b, 0), 0);
        c.close();
      } finally {
        await shutdown(server);
      }
    });
  });
}

describe('a bad event loop', () => {
  test('is refused at start, naming the key and the choices', async () => {
    const server = await configure({ event_loop: 'select' });
    const proc = await runToExit(['--config', server.config], server.dir);
    assert.equal(proc.exitCode, 1);
    assert.match(proc.stderr, /key "event_loop": must be one of epoll\|poll/);
  });
});
