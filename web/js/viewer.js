// viewer.js — the table seen by someone who does not play at it: the replay viewer (replay.js),
// a spectator (watch.js) and the guided hand (learn.js, whose hand the page's caller draws). The table page's layout (table.css) and drawing code — the board,
// the name plates, the bottom seat's hand when it is known, call-outs, and over the board the
// result of a hand: a win in full (wins.js) or a draw's panel (results.js) — with the page's own
// controls where a player's clock and buttons would be, and a line of information under the
// plates. The caller owns the game model (game.js, with g.watching set) and calls render(g).
import { h, replace } from './dom.js';
import { t, onLangChange } from './i18n.js';
import { boardEl, roundName, roundWords, seatName } from './board.js';
import { plateEl } from './plates.js';
import { handEl } from './hand.js';
import { drawEl, asRecord } from './results.js';
import { storedWinEl } from './wins.js';
import { calloutLayer } from './callouts.js';
import { tableMenu } from './tablemenu.js';

/**
 * builds the page in root; badge(g): the words of its first badge ("Replay", "Watching");
 * handOf(g), if given, draws the bottom hand (the guided hand's: tiles to click, learn.js); returns { controls, info, render(g), failed(message), destroy() }: the caller fills controls
 * and info, and calls render after every change
 */
export function viewerPage(root, { badge, pageClass, handOf = null }) {
  const fx = calloutLayer();
  const boardSlot = h('div.board-slot');
  const resultSlot = h('div.draw-slot');
  const plates = [0, 1, 2, 3].map((pos) => h(`div.plate-slot.slot${pos}`));
  const boardWrap = h('div.board-wrap', {}, boardSlot, plates[2], fx.el, resultSlot);
  const handWrap = h('div.hand-wrap');
  const top = h('div.table-top');
  const words = h('p.round-words');
  const menuSlot = h('div.menu-slot');
  const controls = h('div.controls.viewer-controls', { role: 'group' });
  const info = h('div.table-info');
  const page = h(`div.table-page.viewer-page.${pageClass}`, {},
    h('div.tp-left', {}, h('div.tp-head', {}, menuSlot, top), words, plates[3], h('div.tp-foot', {}, plates[0], info)),
    boardWrap,
    h('div.tp-right', {}, plates[1], controls),
    handWrap,
    h('div.rotate-note', { role: 'alert' }, h('span.rotate-icon', { 'aria-hidden': 'true' }), h('p', {}, t('table.rotate'))));
  root.append(page);
  document.body.classList.add('at-table');
  let last = null;

  /** a win's hands in full, a draw's panel, or nothing, over the board */
  function renderResult(g) {
    if (g.wins.length) {
      const name = (seat) => seatName(g, seat);
      replace(resultSlot, h('div.viewer-result', { role: 'status' },
        g.wins.map((w) => storedWinEl(asRecord(g, w), { players: g.players, name, payments: true })),
        g.end ? h('p.viewer-end', {}, t('replay.match_over')) : null));
    } else if (g.drawResult && !g.end) {
      replace(resultSlot, drawEl(g, g.drawResult.event, () => replace(resultSlot), g.drawResult.sticks));
    } else {
      replace(resultSlot);
    }
  }

  function render(g) {
    last = g;
    if (!g) { replace(boardSlot, h('p.muted', {}, t('common.loading'))); return; }
    page.classList.toggle('p3', g.players === 3);
    replace(boardSlot, boardEl(g));
    for (let seat = 0; seat < g.players; seat++) {
      const plate = plateEl(g, seat);
      replace(plates[Number(plate.dataset.pos)], plate);
    }
    replace(handWrap, g.hand.length || g.drawn
      ? (handOf ? handOf(g) : handEl(g, { riichiMode: false, selected: -1 }, { discard: () => {}, point: () => {} })) : null);
    replace(top, h('span.badge', {}, badge(g)), h('span.badge', {}, t(`mode.${g.mode}`)));
    replace(words, g.started ? h('span.round-line', {}, roundWords(g)) : null, g.started ? h('span.live-words', {}, t('table.live', { n: g.live ?? '–' })) : null);
    renderResult(g);
    fx.show(g);
    document.title = `${badge(g)} · ${g.started ? roundName(g) : ''} · ippon`;
  }

  function failed(message) {
    replace(boardSlot, h('div.empty', {}, h('p.error', {}, message), h('a.button', { href: '#/' }, t('result.lobby'))));
  }

  function relabel() {
    replace(menuSlot, tableMenu());
    page.querySelector('.rotate-note p').textContent = t('table.rotate');
  }
  const offLang = onLangChange(relabel);
  relabel();
  return {
    controls, info, render, failed,
    rerender: () => render(last),
    onLang: (fn) => onLangChange(fn),
    destroy() {
      offLang();
      document.body.classList.remove('at-table');
    },
  };
}
