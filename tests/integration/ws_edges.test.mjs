// ws_edges.test.mjs — the game's WebSocket at its edges, over a client written by hand
// (ws_raw.mjs), where a WebSocket library would not send what a hostile client sends
// (src/server/net/ws.c, src/server/README.md "Connections and requests"):
//
//   - a socket closed for abuse or for an oversized message gets its error, then a close frame
//     (1008, 1009), and is shut only after the client's own close frame: a client still writing
//     meanwhile gets no reset that would drop the error unread;
//   - only pages of the server's own origin (or of allowed_origins) may open it: another Origin
//     is refused at the upgrade with 403; a client that sends none (not a browser) is let in;
//   - an unmasked client frame is taken like a masked one: a limit of libwebsockets 4.1, shown
//     as it is.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { freePort, serve, shutdown } from './harness.mjs';
import { OP, RawSocket, closeFrame, frame } from './ws_raw.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * After the server's close frame: the client goes on writing (more) for a while and the server
 * keeps the connection open, reading; then the client's own close frame, and the server ends the
 * connection cleanly (its FIN, no reset).
 */
async function closesAfterTheClient(raw, more) {
  for (let i = 0; i < 30; i++) {
    raw.write(more());
    await sleep(10); // "for a while": the server keeps reading over this time
  }
  assert.equal(raw.ended, false, 'the server shut the connection before the client answered its close frame');
  assert.equal(raw.error, undefined, 'the connection was reset');
  raw.write(closeFrame(1000));
  await raw.until(() => raw.ended || raw.error, 3000, "the server's end after the client's close frame");
  assert.equal(raw.error, undefined, 'the connection was reset');
  raw.destroy();
}

describe('closing a WebSocket for what the client sent', () => {
  let server;
  before(async () => { server = await serve({ log_level: 'error' }); });
  after(async () => { await shutdown(server); });

  test('a flood of bad messages: the abuse error, a close frame 1008, and no reset while the client still writes', async () => {
    const raw = await RawSocket.open(server.port);
    assert.equal(raw.upgrade.status, 101);
    raw.write(Buffer.concat(Array.from({ length: 300 }, () => frame(OP.text, 'garbage'))));
    await raw.until(() => raw.closeFrame || raw.ended || raw.error, 5000, 'a close frame');
    assert.equal(raw.messages.at(-1)?.code, 'abuse', JSON.stringify(raw.messages.at(-1)));
    assert.equal(raw.closeFrame?.code, 1008);
    await closesAfterTheClient(raw, () => frame(OP.text, 'garbage'));
  });

  test('an oversized message sent in fragments: too_large, a close frame 1009, and no reset while the fragments go on', async () => {
    const raw = await RawSocket.open(server.port);
    raw.write(frame(OP.text, 'x'.repeat(1000), { fin: false }));
    const fragment = () => frame(OP.continuation, 'x'.repeat(1000), { fin: false });
    for (let i = 0; i < 200 && !raw.closeFrame && !raw.ended && !raw.error; i++) {
      raw.write(fragment());
      await sleep(2); // fragments paced: the server reads them as they come, over time
    }
    await raw.until(() => raw.closeFrame || raw.ended || raw.error, 5000, 'a close frame');
    assert.deepEqual(raw.messages.map((m) => m.code), ['too_large']);
    assert.equal(raw.closeFrame?.code, 1009);
    await closesAfterTheClient(raw, fragment);
  });

  test('a socket the client closes itself gets its close frame answered and ends', async () => {
    const raw = await RawSocket.open(server.port);
    raw.write(frame(OP.text, '{"type":"ping"}'));
    await raw.until(() => raw.messages.length, 3000, 'a pong');
    raw.write(closeFrame(1000, 'bye'));
    await raw.until(() => raw.ended || raw.error, 3000, "the server's end");
    assert.equal(raw.closeFrame?.code, 1000);
    assert.equal(raw.error, undefined);
    raw.destroy();
  });

  test('limit (libwebsockets 4.1): an unmasked client frame is taken as if masked, not refused with 1002', async () => {
    // RFC 6455 §5.1 wants the connection closed; lws 4.1 tells its user nothing of a frame's mask
    // (src/server/README.md, "Connections and requests"). Should lws start refusing it, this fails.
    const raw = await RawSocket.open(server.port);
    raw.write(frame(OP.text, '{"type":"ping"}', { mask: false }));
    await raw.until(() => raw.messages.length || raw.closeFrame || raw.ended, 3000, 'an answer');
    assert.equal(raw.messages[0]?.type, 'pong');
    assert.equal(raw.closeFrame, undefined);
    raw.destroy();
  });
});

describe('who may open the WebSocket: the Origin of the upgrade', () => {
  let server, listed;
  before(async () => {
    server = await serve({ log_level: 'error' });
    listed = await serve({ log_level: 'error', allowed_origins: ['https://play.example', 'http://[::1]:9000'] });
  });
  after(async () => { await shutdown(server); await shutdown(listed); });

  /** the upgrade's answer with this Origin (none if undefined): 101, or the refusal's status and error code */
  async function answer(port, origin) {
    const raw = await RawSocket.open(port, { headers: origin === undefined ? {} : { Origin: origin } });
    raw.destroy();
    const { status, body } = raw.upgrade;
    return status === 101 ? 101 : `${status} ${JSON.parse(body).error.code}`;
  }

  test("by default: no Origin, and the server's own by http or https; no other", async () => {
    const port = server.port, other = await freePort();
    assert.equal(await answer(port), 101, 'no Origin (bots, tools)');
    assert.equal(await answer(port, `http://127.0.0.1:${port}`), 101);
    assert.equal(await answer(port, `https://127.0.0.1:${port}`), 101, 'a page served through a TLS proxy');
    for (const origin of ['http://evil.example', `http://evil.example:${port}`, `http://127.0.0.1:${other}`,
      'http://127.0.0.1', 'null', `http://127.0.0.1:${port}/`, 'garbage'])
      assert.equal(await answer(port, origin), '403 origin_not_allowed', origin);
  });

  test('allowed_origins lets in the pages it lists, exactly', async () => {
    const port = listed.port;
    assert.equal(await answer(port, 'https://play.example'), 101);
    assert.equal(await answer(port, 'HTTPS://Play.Example:443'), 101);
    assert.equal(await answer(port, 'http://[::1]:9000'), 101);
    assert.equal(await answer(port, `http://127.0.0.1:${port}`), 101, 'its own origin still');
    assert.equal(await answer(port), 101);
    for (const origin of ['http://play.example', 'https://play.example:8443', 'https://evil.play.example'])
      assert.equal(await answer(port, origin), '403 origin_not_allowed', origin);
  });
});
