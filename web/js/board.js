// board.js — the square table: each seat's pond (rows of six, the riichi tile turned, called
// tiles marked), the other seats' hidden hands, melds (the called tile turned toward the seat it
// came from) and kita, and the centre: round, honba, riichi sticks, tiles left, dora indicators,
// and each seat's wind, points and riichi stick. Seats are drawn as if at the bottom and the
// layer is turned to its side (you at the bottom, the others right / across / left).
import { h, number } from './dom.js';
import { tile, kind, sortTiles } from './tiles.js';
import { t } from './i18n.js';
import { position, windOf } from './game.js';

export const WINDS = ['east', 'south', 'west', 'north'];

/** who a seat is, in words: "You", "Bot Aoi", "Seat 3" */
export function seatName(g, seat) {
  if (seat === g.me) return t('table.you');
  return g.names[seat] || t('table.seat', { n: seat + 1 });
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

function pondEl(g, seat) {
  const s = g.seats[seat];
  const rows = [];
  for (let i = 0; i < s.discards.length; i += 6) rows.push(s.discards.slice(i, i + 6).map((d, j) => [d, i + j]));
  const last = g.lastDiscard && g.lastDiscard.seat === seat ? g.lastDiscard.index : -1;
  return h('div.river', { role: 'list', 'aria-label': t('table.pond_of', { name: seatName(g, seat) }) },
    rows.map((row) => h('div.river-row', {}, row.map(([d, i]) => {
      const classes = [d.called ? 'called' : '', d.tsumogiri ? 'tsumogiri' : '', i === last ? 'last' : ''].filter(Boolean).join(' ');
      const el = tile(d.tile, 'pond', { sideways: d.riichi, extra: classes });
      el.setAttribute('role', 'listitem');
      return el;
    }))));
}

function labelEl(g, seat) {
  const s = g.seats[seat];
  const wind = windOf(g, seat);
  const dealer = seat === g.dealer;
  return h(`div.seat-label${g.turn === seat ? '.turn' : ''}`, {},
    h(`span.wind${dealer ? '.dealer' : ''}`, { title: dealer ? t('table.dealer') : null, 'aria-label': t(`wind.${WINDS[wind]}`) + (dealer ? ` (${t('table.dealer')})` : '') },
      t(`wind.short.${WINDS[wind]}`)),
    h('span.points', {}, number(g.points[seat])),
    s.riichi ? h('span.riichi-stick', { title: t('table.riichi'), 'aria-label': t('table.riichi') }) : null);
}

function stripEl(g, seat) {
  const s = g.seats[seat];
  const strip = h('div.strip', {}, h('span.name', {}, seatName(g, seat)));
  if (seat !== g.me) {
    const n = Math.max(0, s.concealed);
    const drew = n % 3 === 2;
    const hidden = h('span.hidden-hand', { 'aria-label': t('table.hidden', { n }) });
    for (let i = 0; i < n - (drew ? 1 : 0); i++) hidden.append(tile(null, 'small', { label: false }));
    if (drew) hidden.append(h('span.gap'), tile(null, 'small', { label: false }));
    strip.append(hidden);
    if (s.melds.length) strip.append(h('span.melds', {}, s.melds.map((m) => meldEl(g, m, seat, 'small'))));
  }
  if (s.kita.length && seat !== g.me)
    strip.append(h('span.kita', { 'aria-label': t('table.kita_count', { n: s.kita.length }) }, s.kita.map((c) => tile(c, 'small'))));
  return strip;
}

function centerEl(g) {
  const round = t('table.kyoku', { wind: t(`round.${WINDS[g.roundWind]}`), n: g.kyoku });
  const dora = h('div.dora', { 'aria-label': t('table.dora_indicators') });
  for (let i = 0; i < 5; i++) dora.append(i < g.dora.length ? tile(g.dora[i], 'dora') : tile(null, 'dora', { label: false }));
  return h('div.center', {},
    h('div.round', { 'aria-label': t('table.round', { kyoku: round, n: Math.max(0, g.handNumber) + 1 }) }, round),
    h('div.hand-no', {}, t('table.hand_n', { n: Math.max(0, g.handNumber) + 1 })),
    h('div.counters', {},
      h('span.honba', { title: t('table.honba'), 'aria-label': t('table.honba_n', { n: g.honba }) },
        h('span.stick-icon.hundred', { 'aria-hidden': 'true' }), `×${g.honba}`),
      h('span.sticks', { title: t('table.sticks'), 'aria-label': t('table.sticks_n', { n: g.sticks }) },
        h('span.stick-icon.thousand', { 'aria-hidden': 'true' }), `×${g.sticks}`)),
    h('div.live', {}, t('table.live', { n: g.live ?? '–' })),
    dora);
}

/** the whole board of game g */
export function boardEl(g) {
  const board = h(`section.board.p${g.players}`, { 'aria-label': t('table.board') });
  board.append(centerEl(g));
  for (let seat = 0; seat < g.players; seat++) {
    const pos = position(g, seat);
    board.append(h(`div.layer.pos${pos}`, { dataset: { seat: String(seat) } },
      labelEl(g, seat), pondEl(g, seat), stripEl(g, seat)));
  }
  return board;
}

/** the tile a chi/pon/kan option would take: the last discard */
export function offeredTile(g) {
  if (!g.lastDiscard) return null;
  const d = g.seats[g.lastDiscard.seat].discards[g.lastDiscard.index];
  return d ? d.tile : null;
}

export { kind };
