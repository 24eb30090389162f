// mjai_bot_tcp.test.mjs — ippon-mjai-bot (src/tools/ippon_mjai_bot.c), the built-in bot as an mjai
// client over TCP, against a tiny gimite/mjai-style server played by this test: it says hello
// ("protocol":"mjsonp"), takes the join, then sends one seat's recorded lines one at a time and
// checks each answer before the next line.
//
// The lines are whole matches recorded from the server side of a seat (ippon_mjai_seat), yonma
// and sanma, every seat: fixtures/mjai_bot_matches.jsonl, written by test_mjai_differential with
// IPPON_MJAI_RECORD=FILE. With each line the seat decided on comes the answer that the bot's choice
// made in-process, on the core's own view of the seat; the client must give that answer
// (a discard by its tile, a call by its consumed tiles, a kan by its kind, reach then its dahai
// on the echo, hora, kita) and, for every action but a discard, exactly the possible_actions
// entry offered; every other line is answered none. After end_game the program exits 0.
// Also: a server that does not say hello, one that closes mid-match, and --style tsumogiri.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { BUILD_DIR, SOURCE_DIR } from './harness.mjs';

const TOOL = path.join(BUILD_DIR, 'src/tools/ippon-mjai-bot');
const RECORDS = readFileSync(path.join(SOURCE_DIR, 'tests/integration/fixtures/mjai_bot_matches.jsonl'), 'utf8')
  .split('\n').filter(Boolean).map((l) => JSON.parse(l));

const plain = (t) => t.replace(/r$/, '');

/** a server on a loopback port; onClient(socket, nextLine) plays the connection */
async function withServer(onClient, args) {
  let played;
  const server = net.createServer((socket) => {
    let buffer = '';
    const waiting = [];
    const lines = [];
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      buffer += chunk;
      let nl;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        lines.push(buffer.slice(0, nl));
        buffer = buffer.slice(nl + 1);
      }
      while (waiting.length && lines.length) waiting.shift()(lines.shift());
    });
    socket.on('error', () => {});
    const nextLine = () => new Promise((resolve, reject) => {
      if (lines.length) resolve(lines.shift());
      else waiting.push(resolve);
      setTimeout(() => reject(new Error('no answer within 10 s')), 10_000).unref();
    });
    played = onClient(socket, nextLine);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  const child = spawn(TOOL, ['--connect', `127.0.0.1:${port}`, ...args]);
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  const code = await new Promise((resolve) => child.on('exit', resolve));
  server.close();
  const outcome = played ? await played.then(() => null, (e) => e) : null;
  return { code, stderr, error: outcome };
}

/** the answer against what the in-process bot chose (expect), for the line sent */
function checkAnswer(sent, answer, expect, drawn, where) {
  const offered = sent.possible_actions || [];
  if (!expect) {
    assert.deepEqual(answer, { type: 'none' }, `${where}: none expected`);
    return;
  }
  assert.equal(answer.type === 'nukidora' ? 'kita' : answer.type, expect.type, `${where}: the bot chose ${expect.type}`);
  if (expect.type !== 'none') assert.equal(answer.actor, expect.actor, `${where}: actor`);
  switch (expect.type) {
    case 'dahai':
      assert.equal(answer.pai, expect.pai, `${where}: discard`);
      assert.equal(typeof answer.tsumogiri, 'boolean', `${where}: tsumogiri`);
      if (answer.tsumogiri) assert.equal(answer.pai, drawn, `${where}: tsumogiri of the tile drawn`);
      return;
    case 'chi': case 'pon': case 'daiminkan':
      assert.deepEqual([...answer.consumed].sort(), [...expect.consumed].sort(), `${where}: consumed`);
      break;
    case 'ankan':
      assert.ok(answer.consumed.every((t) => plain(t) === expect.kind), `${where}: ankan of ${expect.kind}`);
      break;
    case 'kakan':
      assert.equal(plain(answer.pai), expect.kind, `${where}: kakan of ${expect.kind}`);
      break;
    default: break;
  }
  if (expect.type !== 'none' && expect.type !== 'reach') {
    assert.ok(offered.some((o) => JSON.stringify(o) === JSON.stringify(answer)),
      `${where}: ${JSON.stringify(answer)} is not an entry of possible_actions ${JSON.stringify(offered)}`);
  }
}

/** plays one recorded seat: hello, join, every line answered as expected */
function playRecord(record, { name = 'ippon-bot', checks = true, stopAfter = Infinity } = {}) {
  return async (socket, nextLine) => {
    socket.write('{"type":"hello","protocol":"mjsonp","protocol_version":3}\n');
    assert.deepEqual(JSON.parse(await nextLine()), { type: 'join', name, room: 'default' });
    let drawn = null;
    const answers = [];
    for (const [i, { line, expect }] of record.lines.entries()) {
      if (i >= stopAfter) {
        socket.end();
        return answers;
      }
      socket.write(`${line}\n`);
      const sent = JSON.parse(line);
      if (sent.type === 'tsumo' && sent.pai !== '?') drawn = sent.pai;
      const answer = JSON.parse(await nextLine());
      answers.push({ sent, answer, drawn });
      if (checks) checkAnswer(sent, answer, expect, drawn, `${record.rules} match ${record.match} seat ${record.seat} line ${i + 1}`);
    }
    socket.end();
    return answers;
  };
}

test('the recorded fixtures cover riichi, calls, kans, wins and kita', () => {
  const kinds = new Set(RECORDS.flatMap((r) => r.lines.filter((l) => l.expect).map((l) => `${r.rules}:${l.expect.type}`)));
  for (const k of ['yonma:reach', 'yonma:chi', 'yonma:pon', 'yonma:hora', 'sanma:reach', 'sanma:kita', 'sanma:ankan', 'sanma:hora'])
    assert.ok(kinds.has(k), `no ${k} in the fixtures`);
});

test('every recorded seat of yonma and sanma is answered as the in-process bot answered', async () => {
  let decisions = 0;
  for (const record of RECORDS) {
    const { code, stderr, error } = await withServer(playRecord(record), []);
    assert.equal(error, null, error && `${error.message}\n${stderr}`);
    assert.equal(code, 0, `exit ${code}: ${stderr}`);
    assert.match(stderr, /end_game after \d+ decisions/);
    decisions += record.lines.filter((l) => l.expect).length;
  }
  assert.ok(decisions > 500, `${decisions} decisions`);
});

test('--name and --style tsumogiri: every own draw is discarded as drawn, every offer passed', async () => {
  const record = RECORDS.find((r) => r.rules === 'yonma');
  let answers;
  const { code, stderr, error } = await withServer(async (socket, nextLine) => {
    answers = await playRecord(record, { name: 'tsumogiri-bot', checks: false })(socket, nextLine);
  }, ['--name', 'tsumogiri-bot', '--style', 'tsumogiri']);
  assert.equal(error, null, error && `${error.message}\n${stderr}`);
  assert.equal(code, 0, stderr);
  let own = 0;
  for (const { sent, answer, drawn } of answers) {
    if (sent.type === 'tsumo' && sent.pai !== '?' && answer.type !== 'hora') {
      assert.deepEqual({ type: answer.type, pai: answer.pai, tsumogiri: answer.tsumogiri },
        { type: 'dahai', pai: drawn, tsumogiri: true });
      own++;
    } else if (answer.type !== 'hora') {
      assert.deepEqual(answer, { type: 'none' });
    }
  }
  assert.ok(own > 5);
});

test('a server without hello: exit 1 with the reason', async () => {
  const { code, stderr } = await withServer(async (socket) => {
    socket.end('{"type":"start_game","names":["a","b","c","d"],"id":0}\n');
  }, []);
  assert.equal(code, 1);
  assert.match(stderr, /expected \{"type":"hello","protocol":"mjsonp"\}/);
});

test('the server closing mid-match: exit 1 with the reason', async () => {
  const { code, stderr } = await withServer(playRecord(RECORDS[0], { stopAfter: 20 }), []);
  assert.equal(code, 1);
  assert.match(stderr, /closed the connection before end_game/);
});

test('bad command lines: exit 2 with the reason', async () => {
  const run = (args) => new Promise((resolve) => {
    const child = spawn(TOOL, args);
    let stderr = '';
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('exit', (code) => resolve({ code, stderr }));
  });
  let r = await run([]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /either --connect HOST:PORT, or --url ws:\/\/HOST:PORT with --token TOKEN/);
  r = await run(['--connect', '127.0.0.1:1', '--style', 'clever']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--style is standard, plain or tsumogiri/);
  r = await run(['--connect', '127.0.0.1:1', '--rules', 'nosuch']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--rules: /);
  r = await run(['--connect', 'nohostport']);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /--connect wants HOST:PORT/);
});
