// fake_socket.mjs — the page as web/js/ws.js sees it, for running ws.js in Node without a server:
// a scripted stand-in for the browser's WebSocket (every one made is kept in FakeSocket.made),
// and `location`, `document` (its visibilityState settable with setVisible) and `window` as
// event targets, so a test can say that the page was hidden, shown again or came back online.
// Imported before ws.js (it sets the globals). Used by ws_move.test.mjs and ws_back.test.mjs.

export class FakeSocket {
  static OPEN = 1;
  static made = [];
  constructor(url, protocol) {
    Object.assign(this, { url, protocol, readyState: 0, sent: [], listeners: {} });
    FakeSocket.made.push(this);
  }
  addEventListener(type, fn) { (this.listeners[type] ??= []).push(fn); }
  emit(type, ev = {}) { for (const fn of this.listeners[type] ?? []) fn(ev); }
  open() { this.readyState = FakeSocket.OPEN; this.emit('open'); }
  receive(msg) { this.emit('message', { data: JSON.stringify(msg) }); }
  send(text) { this.sent.push(JSON.parse(text)); }
  close() { if (this.readyState !== 3) { this.readyState = 3; queueMicrotask(() => this.emit('close')); } }
}

globalThis.WebSocket = FakeSocket;
globalThis.location = { protocol: 'https:', host: 'play.example' };
const page = new EventTarget();
page.visibilityState = 'visible';
globalThis.document = page;
globalThis.window = new EventTarget();

/** the page hidden (false) or shown again (true), with its visibilitychange */
export function setVisible(on) {
  page.visibilityState = on ? 'visible' : 'hidden';
  page.dispatchEvent(new Event('visibilitychange'));
}

/** the microtasks run (a close's event) */
export const settle = () => new Promise((r) => setImmediate(r));
