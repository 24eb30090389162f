// listen.test.mjs — where the server listens and how it accepts (src/server/net/listen.h).
//
// "bind" is honoured exactly: bound to 127.0.0.1 it is not reachable on 127.0.0.2 (loopback
// too) nor on ::1; bound to ::1 not on 127.0.0.1; "0.0.0.0" is every IPv4 address and no IPv6
// one, "::" every IPv6 address and no IPv4 one. The start-up line names the address the socket
// reports. An address of another machine stops start-up with one line.
//
// Out of file descriptors (the server started under `prlimit --nofile=64:64` and sent more
// connections than that): it refuses what it cannot take without spinning, logs that at most
// about once a second, and answers again once the connections close.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { configure, eventually, request, runToExit, shutdown, startServer } from './harness.mjs';

/** a TCP connection to host:port: resolves 'connected', or the error's code ('ECONNREFUSED') */
function tryConnect(host, port) {
  return new Promise((resolve) => {
    const s = net.connect({ host, port });
    s.setTimeout(3000, () => { s.destroy(); resolve('timeout'); });
    s.once('connect', () => { s.destroy(); resolve('connected'); });
    s.once('error', (e) => resolve(e.code));
  });
}

/** can this machine listen on host (is there an IPv6 loopback, is 127.0.0.2 usable)? */
function canListen(host) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(0, host, () => srv.close(() => resolve(true)));
  });
}

/** the CPU time a process has used so far, in seconds (/proc/PID/stat: utime + stime, in ticks of 1/100 s) */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** n connections to port; each resolves in replies to what it got before the server closed it */
function flood(port, n) {
  const sockets = [];
  const replies = [];
  for (let i = 0; i < n; i++) {
    const s = net.connect({ host: '127.0.0.1', port });
    let reply = '';
    s.on('data', (d) => { reply += d; });
    s.on('close', () => replies.push(reply));
    s.on('error', () => {});
    sockets.push(s);
  }
  return { sockets, replies };
}

/** the log lines about refused connections or failed accepts */
const acceptLines = (log) => log.split('\n').filter((l) => /accept|refused|errno 24|descriptor/i.test(l));

const hasIPv6 = await canListen('::1');
const NO_IPV6 = hasIPv6 ? false : 'this machine has no IPv6 loopback (::1)';

/** a server bound to bind, started and asked for its health there */
async function serveOn(bind, askAt) {
  const server = await configure({ bind, log_level: 'info' });
  server.proc = await startServer(['--config', server.config], server.dir, server.port, { host: askAt });
  return server;
}

describe('bound to 127.0.0.1', () => {
  let server;
  before(async () => { server = await serveOn('127.0.0.1', '127.0.0.1'); });
  after(async () => { await shutdown(server); });

  test('127.0.0.1 answers; 127.0.0.2, also loopback, is refused', async () => {
    assert.equal(await tryConnect('127.0.0.1', server.port), 'connected');
    assert.equal(await tryConnect('127.0.0.2', server.port), 'ECONNREFUSED');
  });

  test('::1 is refused', { skip: NO_IPV6 }, async () => {
    assert.equal(await tryConnect('::1', server.port), 'ECONNREFUSED');
  });

  test('the start-up line names the address the socket is bound to', () => {
    assert.match(server.proc.stderr, new RegExp(`listening on http://127\\.0\\.0\\.1:${server.port} `));
  });
});

describe('bound to ::1', { skip: NO_IPV6 }, () => {
  let server;
  before(async () => { server = await serveOn('::1', '::1'); });
  after(async () => { await shutdown(server); });

  test('::1 answers; 127.0.0.1 is refused', async () => {
    assert.equal((await request(server.port, { path: '/api/health', host: '::1' })).status, 200);
    assert.equal(await tryConnect('127.0.0.1', server.port), 'ECONNREFUSED');
  });

  test('the start-up line names it as a URL host', () => {
    assert.match(server.proc.stderr, new RegExp(`listening on http://\\[::1\\]:${server.port} `));
  });
});

describe('the wildcards keep to their family', () => {
  test('"0.0.0.0": every IPv4 address, no IPv6', async () => {
    const server = await serveOn('0.0.0.0', '127.0.0.1');
    try {
      assert.equal(await tryConnect('127.0.0.2', server.port), 'connected');
      if (hasIPv6)
        assert.equal(await tryConnect('::1', server.port), 'ECONNREFUSED');
      assert.match(server.proc.stderr, new RegExp(`listening on http://0\\.0\\.0\\.0:${server.port} `));
    } finally {
      await shutdown(server);
    }
  });

  test('"::": every IPv6 address, no IPv4', { skip: NO_IPV6 }, async () => {
    const server = await serveOn('::', '::1');
    try {
      assert.equal(await tryConnect('::1', server.port), 'connected');
      assert.equal(await tryConnect('127.0.0.1', server.port), 'ECONNREFUSED');
    } finally {
      await shutdown(server);
    }
  });
});

test('an address that is not this machine\'s stops start-up with one line', async () => {
  const server = await configure({ bind: '192.0.2.1' }); // TEST-NET-1: never local
  try {
    const proc = await runToExit(['--config', server.config], server.dir);
    assert.equal(proc.exitCode, 1);
    // the last line, after the migrations' log lines
    assert.match(proc.stderr, new RegExp(`(^|\\n)ippon: cannot listen on 192\\.0\\.2\\.1 port ${server.port}: [^\\n]+\\n$`));
  } finally {
    await shutdown(server);
  }
});

describe('out of file descriptors', () => {
  const LIMIT = 64;
  let server;
  before(async () => {
    server = await configure({ log_level: 'warn' });
    server.proc = await startServer(['--config', server.config], server.dir, server.port,
      { prefix: ['prlimit', `--nofile=${LIMIT}:${LIMIT}`, '--'] });
  });
  after(async () => { await shutdown(server); });

  test('more connections than descriptors: refused without a busy loop, then served again', async () => {
    const logBefore = server.proc.stderr.length;
    const cpuBefore = cpuSeconds(server.proc.child.pid);
    const started = Date.now();
    const { sockets, replies } = flood(server.port, LIMIT * 2);
    await new Promise((r) => setTimeout(r, 2500)); // a window of time: refusals logged per second, CPU over it
    const seconds = (Date.now() - started) / 1000;

    // the connections past the limit were refused: a 503 or a close, never left hanging
    assert.ok(replies.length >= LIMIT / 2, `only ${replies.length} of ${sockets.length} refused`);
    for (const reply of replies.filter((r) => r))
      assert.match(reply, /^HTTP\/1\.1 503 /);
    // said so at most about once a second (lws alone logged "accept: errno 24" ~1,600 times a
    // second), and did not spin meanwhile
    const log = server.proc.stderr.slice(logBefore);
    const lines = acceptLines(log);
    assert.ok(lines.length >= 1, `the refusals were not logged:\n${log}`);
    assert.ok(lines.length <= 2 * Math.ceil(seconds) + 1, `${lines.length} lines in ${seconds} s:\n${log}`);
    assert.ok(cpuSeconds(server.proc.child.pid) - cpuBefore < seconds / 2, 'the server was busy all along');

    for (const s of sockets)
      s.destroy();
    await eventually(async () => (await request(server.port, { path: '/api/health' })).status === 200, 5000,
      'served again');
  });

  test('accept() itself failing (EMFILE): the reserve descriptor refuses the waiting, no busy loop', async () => {
    // a soft limit below the descriptors open now: every new one fails, even the one accept()
    // needs (the hard limit stays, so it can be raised back)
    const pid = server.proc.child.pid;
    execFileSync('prlimit', ['--pid', String(pid), '--nofile=12:']);
    const logBefore = server.proc.stderr.length;
    const cpuBefore = cpuSeconds(pid);
    const started = Date.now();
    const { sockets, replies } = flood(server.port, 40);
    await new Promise((r) => setTimeout(r, 2500)); // a window of time: refusals logged per second, CPU over it
    const seconds = (Date.now() - started) / 1000;
    try {
      assert.equal(replies.length, sockets.length, 'some connections were left hanging');
      for (const reply of replies)
        assert.match(reply, /^HTTP\/1\.1 503 /);
      const lines = acceptLines(server.proc.stderr.slice(logBefore));
      assert.ok(lines.length <= 2 * Math.ceil(seconds) + 1, lines.join('\n'));
      assert.ok(cpuSeconds(pid) - cpuBefore < seconds / 2, 'the server was busy all along');
    } finally {
      execFileSync('prlimit', ['--pid', String(pid), `--nofile=${LIMIT}:`]);
      for (const s of sockets)
        s.destroy();
    }
    await eventually(async () => (await request(server.port, { path: '/api/health' })).status === 200, 5000,
      'served again');
  });
});
