// board.js — the table's board, a square (on a phone held sideways a rectangle wider than high,
// table.css): each seat's pond (rows of six, the riichi tile turned, called tiles faded, the
// newest discard sliding in from its seat), the other seats' hidden hands, kita and, in the
// seat's right-hand corner, its melds (the called tile turned toward the seat it came from)
// along the edges, and the centre: the round, honba and riichi sticks, tiles left, the dora
// indicators at pond size under their label with the dora they show, and on each side the
// seat's wind, its riichi stick once placed and a light for whose turn it is. In a replay
// (g.open, openhands.js) the other seats' hands lie face up. Seats are drawn as if at the bottom
// and their layer is turned to its side (you at the bottom, the others right / across / left).
// Names and scores stand upright on the name plates (plates.js).
import { h } from './dom.js';
import { sortTiles } from './notation.js';
import { tile } from './tiles.js';
import { t } from './i18n.js';
import { position, windOf } from './game.js';
import { doraOf } from './tenpai.js';

export const WINDS = ['east', 'south', 'west', 'north'];
const SLIDE_MS = 260; // a discard's slide into the pond

/** who a seat is, in words: "You", "Bot Aoi", "Seat 3" */
export function seatName(g, seat) {
  if (seat === g.me && !g.watching) return t('table.you');
  return g.names[seat] || t('table.seat', { n: seat + 1 });
}

/** the round in words: "East 1" / 「東1局」 */
export function roundName(g) {
  return t('table.kyoku', { wind: t(`round.${WINDS[g.roundWind]}`), n: g.kyoku });
}

/** "East 1 · 1 honba · 2 riichi sticks" / 「東1局 1本場 供託2」 */
export function roundWords(g, honba = g.honba, sticks = g.sticks) {
  return t('table.round_words', { round: roundName(g), honba: t('table.honba_n', { n: honba }), sticks: t('table.sticks_n', { n: sticks }) });
}

/** keeps an animation running where it was when an element is drawn again (negative delay) */
export function continueAnimation(el, since) {
  el.style.animationDelay = `-${Math.max(0, Date.now() - since)}ms`;
  return el;
}

/**
 * a meld as tiles: the called tile turned and placed toward the giver (left: first, across:
 * second, right: last); a kakan's added tile lies on the turned one; an ankan shows its ends
 * face down. `owner` is the seat that made it.
 */
export function meldEl(g, m, owner, size) {
  const el = h('span.meld', { 'aria-label': t(`meld.${m.type}`, { tile: '' }).trim(), role: 'group' });
  if (m.type === 'ankan') {
    const tiles = sortTiles(m.tiles);
    el.append(tile(null, size), tile(tiles[1], size), tile(tiles[2], size), tile(null, size));
    return el;
  }
  const rest = [...m.tiles];
  const i = rest.indexOf(m.called);
  if (i >= 0) rest.splice(i, 1);
  const others = m.type === 'chi' ? sortTiles(rest) : rest;
  const rel = (m.from - owner + g.players) % g.players;
  const side = g.players === 3 && rel === 2 ? 3 : rel; // 1 right, 2 across, 3 left
  let at = side === 3 ? 0 : side === 2 ? 1 : others.length;
  if (m.type === 'kakan') {
    const base = rest.filter((c, j) => !(c === m.added && j === rest.lastIndexOf(m.added)));
    at = side === 3 ? 0 : side === 2 ? 1 : base.length;
    const stack = h('span.stack', {}, tile(m.added, size, { sideways: true }), tile(m.called, size, { sideways: true }));
    const parts = base.map((c) => tile(c, size));
    parts.splice(at, 0, stack);
    el.append(...parts);
    return el;
  }
  const parts = others.map((c) => tile(c, size));
  parts.splice(at, 0, tile(m.called, size, { sideways: true, extra: 'called-in' }));
  el.append(...parts);
  return el;
}

/** a seat's pond: one list that wraps into rows (six tiles a row; nine on a phone held sideways, table.css) */
function pondEl(g, seat) {
  const s = g.seats[seat];
  const last = g.lastDiscard && g.lastDiscard.seat === seat ? g.lastDiscard.index : -1;
  const now = Date.now();
  return h('div.river', { role: 'list', 'aria-label': t('table.pond_of', { name: seatName(g, seat) }) },
    s.discards.map((d, i) => {
      const fresh = d.at && now - d.at < SLIDE_MS;
      const classes = [d.called ? 'called' : '', d.tsumogiri ? 'tsumogiri' : '', i === last ? 'last' : '', fresh ? 'fresh' : '']
        .filter(Boolean).join(' ');
      const el = tile(d.tile, 'pond', { sideways: d.riichi, extra: classes });
      el.setAttribute('role', 'listitem');
      return fresh ? continueAnimation(el, d.at) : el;
    }));
}

/** the seat's side of the centre: its wind, its riichi stick, and a light when it is on turn */
function sideEl(g, seat) {
  const wind = windOf(g, seat);
  const dealer = seat === g.dealer;
  return h(`div.side${g.turn === seat && !g.handEnd ? '.turn' : ''}`, {},
    h(`span.side-wind${dealer ? '.dealer' : ''}`, { 'aria-hidden': 'true' }, t(`wind.kanji.${WINDS[wind]}`)),
    g.seats[seat].riichi ? h('span.riichi-stick.placed', { role: 'img', 'aria-label': t('table.riichi_of', { name: seatName(g, seat) }) }) : null);
}

function stripEl(g, seat) {
  const s = g.seats[seat];
  const strip = h('div.strip');
  // your own hand, melds and kita are below the board (a spectator's bottom seat: here, hidden)
  if (seat === g.me && (!g.watching || g.hand.length || g.drawn)) return strip;
  const won = g.wins.find((w) => w.seat === seat);
  if (won) { // the winning hand, laid open
    strip.append(h('span.hidden-hand.revealed', { role: 'group', 'aria-label': t('result.hand') },
      sortTiles(won.hand.slice(0, -1)).map((c) => tile(c, 'small')), h('span.gap'), tile(won.tile, 'small')));
  } else if (g.open && g.open[seat]) {
    strip.append(openEl(g.open[seat]));
  } else {
    strip.append(hiddenEl(s));
  }
  if (s.kita.length)
    strip.append(h('span.kita', { 'aria-label': t('table.kita_count', { n: s.kita.length }) }, s.kita.map((c) => tile(c, 'small'))));
  if (s.melds.length) strip.append(h('span.melds', {}, s.melds.map((m) => meldEl(g, m, seat, 'small'))));
  return strip;
}

/** a seat's concealed tiles face up (a replay), the one it just drew apart */
function openEl(o) {
  return h('span.hidden-hand.revealed.open', { role: 'group', 'aria-label': t('table.open_hand') },
    o.hand.map((c) => tile(c, 'small')), o.drawn ? h('span.gap') : null, o.drawn ? tile(o.drawn, 'small') : null);
}

/** a seat's concealed tiles face down, the one it just drew apart */
function hiddenEl(s) {
  const n = Math.max(0, s.concealed);
  const drew = n % 3 === 2;
  const hidden = h('span.hidden-hand', { role: 'img', 'aria-label': t('table.hidden', { n }) });
  for (let i = 0; i < n - (drew ? 1 : 0); i++) hidden.append(tile(null, 'small', { label: false }));
  if (drew) hidden.append(h('span.gap'), tile(null, 'small', { label: false }));
  return hidden;
}

/** the dora indicators (five places, the ones not turned yet face down), labelled, and the dora they point at */
function doraBox(g) {
  const indicators = h('div.dora', { role: 'group', 'aria-label': t('table.dora_indicators') });
  for (let i = 0; i < 5; i++) indicators.append(i < g.dora.length ? tile(g.dora[i], 'dora') : tile(null, 'dora', { label: false }));
  const kinds = [...new Set(g.dora.map((c) => doraOf(c, g.players)))];
  return h('div.dora-box', {},
    h('span.dora-label', { 'aria-hidden': 'true' }, t('table.dora_indicators')),
    indicators,
    kinds.length ? h('div.dora-is', { role: 'group', 'aria-label': t('table.dora_is') },
      h('span.dora-label', { 'aria-hidden': 'true' }, t('table.dora_is')), h('span.dora-tiles', {}, kinds.map((c) => tile(c, 'small')))) : null);
}

function centerEl(g) {
  return h('div.center', { 'aria-label': roundWords(g) },
    h('div.center-head', {},
      h('div.round', {}, roundName(g)),
      h('div.counters', {},
        h('span.honba', { title: t('table.honba'), 'aria-label': t('table.honba_n', { n: g.honba }) },
          h('span.stick-icon.hundred', { 'aria-hidden': 'true' }), `×${g.honba}`),
        h('span.sticks', { title: t('table.sticks'), 'aria-label': t('table.sticks_n', { n: g.sticks }) },
          h('span.stick-icon.thousand', { 'aria-hidden': 'true' }), `×${g.sticks}`)),
      h('div.live', {}, t('table.live', { n: g.live ?? '–' }))),
    doraBox(g));
}

/** the whole board of game g */
export function boardEl(g) {
  const board = h(`section.board.p${g.players}`, { 'aria-label': t('table.board') });
  board.append(centerEl(g));
  for (let seat = 0; seat < g.players; seat++) {
    const pos = position(g, seat);
    board.append(h(`div.layer.pos${pos}`, { dataset: { seat: String(seat) } },
      sideEl(g, seat), pondEl(g, seat), stripEl(g, seat)));
  }
  return board;
}

