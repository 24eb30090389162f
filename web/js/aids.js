// aids.js — the play aids a player switches on at the table, remembered in this browser:
// auto-win (自動和了: take every tsumo and ron offered), no calls (鳴きなし: pass every chi,
// pon and kan offer that has no ron in it) and auto tsumogiri (ツモ切り: discard the drawn tile,
// unless it wins). autoAction() says what to answer for an ask, or null to let the player choose.
const KEY = 'ippon.aids';
export const AIDS = ['autoWin', 'noCalls', 'tsumogiri'];

let prefs = load();
const listeners = new Set();

function load() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) || '{}');
    return Object.fromEntries(AIDS.map((a) => [a, saved[a] === true]));
  } catch {
    return Object.fromEntries(AIDS.map((a) => [a, false]));
  }
}

export function aids() {
  return { ...prefs };
}

export function setAid(name, on) {
  if (!AIDS.includes(name)) return;
  prefs = { ...prefs, [name]: !!on };
  localStorage.setItem(KEY, JSON.stringify(prefs));
  for (const fn of listeners) fn(prefs);
}

export function onAidsChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/**
 * the answer the aids give to `ask` for a hand whose drawn tile is `drawn` (null when the ask
 * follows a call or is an offer), or null: the player decides
 */
export function autoAction(ask, drawn, p = prefs) {
  if (!ask) return null;
  const types = new Set(ask.options.map((o) => o.type));
  if (p.autoWin && (types.has('tsumo') || types.has('ron'))) return { type: types.has('tsumo') ? 'tsumo' : 'ron' };
  if (types.has('tsumo') || types.has('ron')) return null; // a win is never thrown away
  const offer = types.has('pass');
  if (offer && p.noCalls && [...types].every((x) => ['chi', 'pon', 'daiminkan', 'pass'].includes(x))) return { type: 'pass' };
  if (!offer && p.tsumogiri && drawn) {
    const o = ask.options.find((x) => x.type === 'discard' && x.tile === drawn);
    if (o) return { type: 'discard', tile: drawn, tsumogiri: true };
  }
  return null;
}
