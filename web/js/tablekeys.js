// tablekeys.js — the table's keys, one set for the table page and the guided hand: 1–9 the
// buttons, Space pass (or discard the drawn tile), ←/→ choose a tile a discard may take, Enter
// discard it, R riichi, Esc leave the riichi choice. No page of its own: the caller gives the
// table, its choice (`ui.selected`, `ui.riichiMode`) and what each key does there.
import { handList, discardChoices, allowedTile } from './hand.js';
import { buttonsOf } from './actions.js';

/** the places in the hand a discard may take now */
export function selectable(g, ui) {
  const choices = discardChoices(g.ask);
  return handList(g).map((item, i) => (allowedTile(g, item, choices, ui.riichiMode) ? i : -1)).filter((i) => i >= 0);
}

/** handles key event `ev` at table `g` (which has an ask). `on`: pick(button), discard(item),
    selected() after ←/→ moved `ui.selected`, riichiLeft() after Esc, and optionally space()
    answering true when Space meant something else there. With `controlsKeepKeys`, Space and
    Enter on a focused button or link are that control's */
export function tableKey(ev, g, ui, on, { controlsKeepKeys = false } = {}) {
  const buttons = buttonsOf(g.ask);
  const list = handList(g);
  const onControl = controlsKeepKeys && !!ev.target.closest('button, a');
  if (/^[1-9]$/.test(ev.key)) {
    const b = buttons[Number(ev.key) - 1];
    if (b) { ev.preventDefault(); on.pick(b); }
  } else if (ev.key === ' ' && !onControl) {
    ev.preventDefault();
    const pass = buttons.find((b) => b.key === 'pass');
    if (on.space && on.space()) return;
    if (pass) on.pick(pass);
    else if (g.drawn) on.discard(list[list.length - 1]);
  } else if ((ev.key === 'ArrowLeft' || ev.key === 'ArrowRight') && g.ask) {
    ev.preventDefault();
    const ok = selectable(g, ui);
    if (!ok.length) return;
    const at = ok.indexOf(ui.selected);
    const back = ev.key === 'ArrowLeft';
    ui.selected = ok[at < 0 ? (back ? ok.length - 1 : 0) : (at + (back ? -1 : 1) + ok.length) % ok.length];
    on.selected();
  } else if (ev.key === 'Enter' && !onControl && ui.selected >= 0 && list[ui.selected]) {
    ev.preventDefault();
    on.discard(list[ui.selected]);
  } else if (ev.key === 'r' || ev.key === 'R') {
    const b = buttons.find((x) => x.key === 'riichi');
    if (b) on.pick(b);
  } else if (ev.key === 'Escape' && ui.riichiMode) {
    ui.riichiMode = false;
    on.riichiLeft();
  }
}
