// drawpanel.js — a drawn hand at the table: its panel (results.js drawEl) goes over the board once
// the draw's call-out has had its moment, and stays while the table waits for the next hand. When
// the next hand starts sooner, the panel stays over the new hand until it has been up
// DRAW_HOLD_MS, unless the player closes it; then it docks into a small "last hand" chip in a
// corner of the board, which opens it again. The panel covers the board only: the hand, the
// action bar and the clock stay free, so an ask of the new hand can be answered under it. It is
// drawn from the table as it stood at the draw, so the new hand does not change what it says.
import { h, replace } from './dom.js';
import { t, getLang } from './i18n.js';
import { drawEl } from './results.js';
import { CALLOUT_MS } from './callouts.js';

export const DRAW_HOLD_MS = 8000;

/** the draw panel in `slot` (over the board); rerender() when a timer is due; returns { update, stop } */
export function drawPanel(slot, rerender) {
  let d = null; // { source: g.drawResult, table, g: the table at the draw, shownAt, open, held, timer, el, chip, lang }

  function stop() {
    if (d) clearTimeout(d.timer);
    d = null;
  }

  function later(ms) {
    clearTimeout(d.timer);
    d.timer = setTimeout(rerender, Math.max(0, ms) + 20);
  }

  /** the panel and the chip, made again when the language changed */
  function made() {
    if (d.lang !== getLang()) Object.assign(d, { lang: getLang(), el: null, chip: null });
    return d;
  }

  function panelEl() {
    if (!made().el) d.el = drawEl(d.g, d.source.event, () => { d.open = false; rerender(); }, d.source.sticks);
    return d.el;
  }

  function chipEl() {
    if (!made().chip) {
      const kind = d.source.event.type === 'exhaustive_draw' ? 'result.draw' : 'result.abort';
      d.chip = h('button.last-hand', { type: 'button', dataset: { kind: 'last-hand' }, title: t(kind),
        onclick: () => { d.open = true; d.held = false; rerender(); } }, t('table.last_hand'));
    }
    return d.chip;
  }

  /** el alone in the slot, left in place when it already is (its scroll and focus kept) */
  function show(el) {
    if (slot.childNodes.length !== 1 || slot.firstChild !== el) replace(slot, el);
  }

  function update(g) {
    if (!g || g.end || g.wins.length || (d && d.table !== g.table)) { stop(); replace(slot); return; }
    if (g.drawResult && (!d || d.source !== g.drawResult)) {
      stop();
      d = { source: g.drawResult, table: g.table, g: { ...g }, shownAt: null, open: true, held: true, timer: null, el: null, chip: null, lang: null };
    }
    if (!d) { replace(slot); return; }
    const now = Date.now();
    const nextHand = g.drawResult !== d.source;
    if (d.shownAt === null) {
      const wait = d.source.at + CALLOUT_MS - now; // first the call-out, alone
      if (wait > 0 && !nextHand) { later(wait); replace(slot); return; }
      d.shownAt = now;
    }
    if (d.open && d.held && nextHand) { // the next hand began: held until DRAW_HOLD_MS on screen
      const left = d.shownAt + DRAW_HOLD_MS - now;
      if (left > 0) later(left);
      else d.open = false;
    }
    show(d.open ? panelEl() : chipEl());
  }

  return { update, stop };
}
