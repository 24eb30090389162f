// compact.js — the table for a phone held upright, where the full table does not fit: the
// round and a hint to turn the phone, every seat in turn order from you with its name plate
// (whose turn it is lit), its last few discards and melds, the last discard (whose and which
// tile), the dora indicators and tiles left, your waits, your move time and bank, the action bar
// and your hand in two rows, so a player can always act; the draw's panel over it until the
// next hand starts. It draws with the table's own parts (plates.js, hand.js, actions.js,
// clock.js, waits.js, the draw's panel from table.js) and answers through the table page's
// handlers; table.js renders it beside the full table. It holds content only while UPRIGHT
// matches, and compact.css shows it then in place of the full table.
import { h, replace } from './dom.js';
import { t, getLang } from './i18n.js';
import { seatName, roundWords, meldEl } from './board.js';
import { position } from './game.js';
import { plateEl } from './plates.js';
import { handEl } from './hand.js';
import { buttonsOf, actionBar } from './actions.js';
import { clockEl } from './clock.js';
import { waitsEl } from './waits.js';
import { tile, tileLabel } from './tiles.js';
import { tableMenu } from './tablemenu.js';

/** the windows that get the compact table (compact.css uses the same query) */
export const UPRIGHT = window.matchMedia('(orientation: portrait) and (max-width: 599px)');

/** a seat's discards in the compact table: the last few, as in its pond */
const POND_SHOWN = 8;

/**
 * a seat: its plate, the last POND_SHOWN tiles of its pond (riichi turned, called faded), and
 * the others' melds and kita (yours are with your hand)
 */
function seatEl(g, seat) {
  const s = g.seats[seat];
  const discards = s.discards;
  const from = Math.max(0, discards.length - POND_SHOWN);
  const last = g.lastDiscard && g.lastDiscard.seat === seat ? g.lastDiscard.index : -1;
  return h('div.compact-seat', { dataset: { seat: String(seat) } }, plateEl(g, seat),
    h('div.compact-river', { role: 'list', 'aria-label': t('table.pond_of', { name: seatName(g, seat) }) },
      discards.slice(from).map((d, i) => {
        const extra = [d.called ? 'called' : '', from + i === last ? 'last' : ''].filter(Boolean).join(' ');
        const el = tile(d.tile, 'compact-river', { sideways: d.riichi, extra });
        el.setAttribute('role', 'listitem');
        return el;
      })),
    seat !== g.me && (s.melds.length || s.kita.length) ? h('div.compact-melds', {},
      s.melds.map((m) => meldEl(g, m, seat, 'compact-river')),
      s.kita.length ? h('span.compact-kita', { 'aria-label': t('table.kita_count', { n: s.kita.length }) },
        s.kita.map((c) => tile(c, 'compact-river'))) : null) : null);
}

/** the last discard in words and as a tile: whose, which, and whether it was called */
function lastDiscardEl(g) {
  const last = g.lastDiscard && g.seats[g.lastDiscard.seat].discards[g.lastDiscard.index];
  if (!last) return h('p.compact-last', {}, h('span.compact-label', {}, t('upright.last_none')));
  const name = seatName(g, g.lastDiscard.seat);
  return h('p.compact-last', { dataset: { seat: String(g.lastDiscard.seat), tile: last.tile } },
    h('span.compact-label', {}, t('upright.last_discard')),
    tile(last.tile, 'compact-pond', { label: false }),
    h('span.compact-last-who', {}, t('upright.last_by', { name, tile: tileLabel(last.tile) })),
    last.called ? h('span.badge', {}, t('upright.called')) : null);
}

/** whose turn it is, in words: yours while the table asks you (after your discard: nobody's, the hint says the table waits) */
function turnWords(g) {
  if (g.ask) return t('upright.turn_you');
  if (g.turn === null || g.turn === g.me || g.handEnd || g.end) return '';
  return t('upright.turn_of', { name: seatName(g, g.turn) });
}

/** the compact table: `el` to place in the table page, render(g, view) and the clock to tick */
export function compactTable() {
  const clock = clockEl();
  const body = h('div.compact-body');
  const el = h('section.compact', { 'aria-label': t('upright.label') }, body);
  let last = null;
  // the head (menu and round) stays in the page between renders: an open menu keeps its focus, and
  // so stays open, as the game moves (taking it out of the page would blur it, and blurring closes it)
  const round = h('p.compact-round');
  const head = h('div.compact-head', {}, round);
  let menuLang = null;

  function renderHead(g) {
    if (menuLang !== getLang()) {
      head.firstChild.classList.contains('table-menu') ? head.firstChild.replaceWith(tableMenu()) : head.prepend(tableMenu());
      menuLang = getLang();
    }
    round.textContent = g.started ? roundWords(g) : '';
    if (body.firstChild !== head) body.prepend(head);
    while (head.nextSibling) head.nextSibling.remove();
  }

  /**
   * g: the game or null; view, from table.js: { ui, on: { discard, point, pick }, hint, top:
   * [badges], draw() → the draw's panel or null }
   */
  function render(g, view) {
    last = [g, view];
    if (!UPRIGHT.matches || !g) { replace(body); return; }
    el.setAttribute('aria-label', t('upright.label'));
    const { ui, on, hint, top } = view;
    const dora = h('span.compact-dora', { role: 'group', 'aria-label': t('table.dora_indicators') },
      g.dora.map((c) => tile(c, 'mini')));
    renderHead(g);
    body.append(
      h('div.compact-sub', {}, top, h('p.compact-turn-hint', {}, h('span.compact-turn-icon', { 'aria-hidden': 'true' }), t('upright.turn_hint'))),
      h('div.compact-seats', {}, Array.from({ length: g.players }, (_, seat) => seat)
        .sort((a, b) => position(g, a) - position(g, b)).map((seat) => seatEl(g, seat))),
      h('div.compact-info', {}, lastDiscardEl(g),
        h('p.compact-live', {}, dora, h('span', {}, t('table.live', { n: g.live ?? '–' })))),
      h('p.compact-turn', {}, turnWords(g)),
      waitsEl(g, g.tenpai),
      h('div.compact-clock', {}, clock),
      h('div.compact-bar', {}, actionBar(buttonsOf(g.ask), { riichiMode: ui.riichiMode, onPick: on.pick, seq: g.ask ? g.ask.seq : null }),
        h('p.hint', {}, hint)),
      h('div.compact-hand', {}, handEl(g, ui, on)),
      h('div.compact-draw', {}, view.draw()));
    clock.update(g);
  }

  const turned = () => { if (last) render(...last); };
  UPRIGHT.addEventListener('change', turned);
  return { el, render, clock, stop: () => UPRIGHT.removeEventListener('change', turned) };
}
