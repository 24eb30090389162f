// ws_raw.mjs — a WebSocket client written by hand over a TCP socket, for the tests that need what
// a WebSocket library will not do: frames built byte by byte (unmasked, fragmented, oversized),
// writes that go on after the server's close frame, and the TCP connection's own end seen as it
// is (the server's FIN, a reset). RFC 6455 §5.2 framing; only what the tests use.
import crypto from 'node:crypto';
import net from 'node:net';

export const OP = { continuation: 0, text: 1, binary: 2, close: 8, ping: 9, pong: 10 };

/** one frame: fin, opcode, payload (string or Buffer), masked as a client's must be unless mask: false */
export function frame(opcode, payload, { fin = true, mask = true } = {}) {
  const data = Buffer.from(payload);
  const head = [(fin ? 0x80 : 0) | opcode];
  let length = Buffer.alloc(0);
  if (data.length < 126) {
    head.push((mask ? 0x80 : 0) | data.length);
  } else if (data.length < 65536) {
    head.push((mask ? 0x80 : 0) | 126);
    length = Buffer.alloc(2);
    length.writeUInt16BE(data.length);
  } else {
    head.push((mask ? 0x80 : 0) | 127);
    length = Buffer.alloc(8);
    length.writeBigUInt64BE(BigInt(data.length));
  }
  if (!mask)
    return Buffer.concat([Buffer.from(head), length, data]);
  const key = crypto.randomBytes(4);
  return Buffer.concat([Buffer.from(head), length, key, data.map((b, i) => b ^ key[i & 3])]);
}

/** a close frame with a status code and a reason */
export function closeFrame(code, reason = '') {
  const payload = Buffer.alloc(2 + Buffer.byteLength(reason));
  payload.writeUInt16BE(code);
  payload.write(reason, 2);
  return frame(OP.close, payload);
}

/** the complete frames at the start of buf: [{ fin, opcode, payload }], and how many bytes they took */
function parseFrames(buf) {
  const frames = [];
  let at = 0;
  while (at + 2 <= buf.length) {
    let length = buf[at + 1] & 0x7f;
    let start = at + 2;
    if (length === 126) {
      if (start + 2 > buf.length) break;
      length = buf.readUInt16BE(start);
      start += 2;
    } else if (length === 127) {
      if (start + 8 > buf.length) break;
      length = Number(buf.readBigUInt64BE(start));
      start += 8;
    }
    if (buf[at + 1] & 0x80) start += 4; // a server never masks; skip a key if one came anyway
    if (start + length > buf.length) break;
    frames.push({ fin: !!(buf[at] & 0x80), opcode: buf[at] & 0x0f, payload: buf.subarray(start, start + length) });
    at = start + length;
  }
  return { frames, used: at };
}

/**
 * A raw client: `upgrade` says the HTTP answer to the upgrade ({ status, head, body }); after a
 * 101, `frames` holds what the server sent, `messages` its text messages as JSON, `closeFrame`
 * its close frame ({ code, reason }) once one came. `ended` (the server's FIN), `error` (e.g.
 * ECONNRESET, EPIPE) and `closed` tell how the TCP connection went; the socket stays open for
 * writing after the server's FIN (allowHalfOpen), as a client may still answer then.
 */
export class RawSocket {
  static async open(port, { path = '/ws', headers = {}, protocol = 'ippon.v1' } = {}) {
    const raw = new RawSocket();
    await raw.connect(port, path, headers, protocol);
    return raw;
  }

  connect(port, path, headers, protocol) {
    this.frames = [];
    this.messages = [];
    this.closeFrame = undefined;
    this.ended = false;
    this.closed = false;
    this.error = undefined;
    this.waiters = [];
    let buf = Buffer.alloc(0);
    this.socket = net.connect({ host: '127.0.0.1', port, allowHalfOpen: true });
    this.socket.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      if (!this.upgrade) {
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buf.subarray(0, end).toString('latin1');
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        const status = Number(/^HTTP\/1\.[01] (\d+)/.exec(head)?.[1]);
        if (status !== 101 && buf.length < end + 4 + length) return;
        this.upgrade = { status, head, body: status === 101 ? '' : buf.subarray(end + 4, end + 4 + length).toString() };
        buf = buf.subarray(status === 101 ? end + 4 : end + 4 + length);
      }
      const { frames, used } = parseFrames(buf);
      buf = buf.subarray(used);
      for (const f of frames) {
        this.frames.push(f);
        if (f.opcode === OP.text) this.messages.push(JSON.parse(f.payload.toString()));
        if (f.opcode === OP.close)
          this.closeFrame = { code: f.payload.length >= 2 ? f.payload.readUInt16BE(0) : undefined, reason: f.payload.subarray(2).toString() };
      }
      this.wake();
    });
    this.socket.on('end', () => { this.ended = true; this.wake(); });
    this.socket.on('error', (e) => { this.error = e.code ?? e.message; this.wake(); });
    this.socket.on('close', () => { this.closed = true; this.wake(); });
    const key = crypto.randomBytes(16).toString('base64');
    const extra = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('');
    return new Promise((resolve, reject) => {
      this.socket.once('error', reject);
      this.socket.once('connect', () => {
        this.socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\n` +
          `Connection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n` +
          `Sec-WebSocket-Protocol: ${protocol}\r\n${extra}\r\n`);
        this.until(() => this.upgrade || this.closed, 5000, 'the answer to the upgrade').then(resolve, reject);
      });
    });
  }

  /** write bytes unless the connection is gone */
  write(bytes) {
    if (!this.closed && !this.error) this.socket.write(bytes);
  }

  wake() {
    for (const w of [...this.waiters]) w();
  }

  /** resolves once check() holds (checked now and after every event), or fails after ms naming what */
  until(check, ms, what) {
    return new Promise((resolve, reject) => {
      const look = () => {
        if (!check()) return;
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== look);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== look);
        reject(new Error(`${what}: still waiting after ${ms} ms (frames: ${this.frames.length}, ended: ${this.ended}, error: ${this.error})`));
      }, ms);
      this.waiters.push(look);
      look();
    });
  }

  destroy() {
    this.socket.destroy();
  }
}
