// hand.js — your hand on the table's bottom edge: the concealed tiles in order, the drawn tile
// set apart, then your melds and kita. Tiles you may discard now are lit; in riichi choice only
// those that keep the declaration; dora and red fives carry a gold mark; a tile whose discard
// leaves you tenpai carries a small flag, and pointing at it (or choosing it with the arrows)
// shows what you would wait on (waits.js).
import { h } from './dom.js';
import { kind, parse } from './notation.js';
import { tile, tileLabel } from './tiles.js';
import { t } from './i18n.js';
import { meldEl } from './board.js';
import { doraKinds } from './tenpai.js';

/** the tiles in the hand area, in order: [{ code, drawn }] */
export function handList(g) {
  const list = g.hand.map((code) => ({ code, drawn: false }));
  if (g.drawn) list.push({ code: g.drawn, drawn: true });
  return list;
}

/** the discard choices of an ask: { codes: Set, riichi: Set, waits: Map code → option with waits } */
export function discardChoices(ask) {
  const codes = new Set(), riichi = new Set(), waits = new Map();
  if (!ask) return { codes, riichi, waits };
  for (const o of ask.options) {
    if (o.type === 'discard') codes.add(o.tile);
    if (o.type === 'riichi') riichi.add(o.tile);
    if ((o.type === 'discard' || o.type === 'riichi') && o.waits && !waits.has(`${o.type}:${o.tile}`)) waits.set(`${o.type}:${o.tile}`, o);
  }
  return { codes, riichi, waits };
}

/** whether the hand tile `item` may be discarded now (riichiMode: declared with) */
export function allowedTile(g, item, choices, riichiMode) {
  if (!g.ask) return false;
  const set = riichiMode ? choices.riichi : choices.codes;
  if (!set.has(item.code)) return false;
  if (g.seats[g.me] && g.seats[g.me].riichi && !riichiMode) return item.drawn; // in riichi: only the drawn tile
  return true;
}

/** the option (with its waits) that discarding `item` would answer, if that leaves tenpai */
export function tenpaiOption(choices, item, riichiMode) {
  return choices.waits.get(`${riichiMode ? 'riichi' : 'discard'}:${item.code}`) || null;
}

/**
 * the hand row. ui: { riichiMode, selected }; on: { discard(item), point(item | null) }
 */
export function handEl(g, ui, on) {
  const choices = discardChoices(g.ask);
  const dora = doraKinds(g);
  const concealed = h('div.concealed', { role: 'group', 'aria-label': t('table.your_hand') });
  const drawnBox = h('div.drawn-box');
  handList(g).forEach((item, i) => {
    const ok = allowedTile(g, item, choices, ui.riichiMode);
    const keeps = ok && tenpaiOption(choices, item, ui.riichiMode);
    const isDora = dora.has(kind(item.code));
    const red = parse(item.code).red;
    const cls = ['hand-tile', ok ? 'ok' : '', ui.riichiMode && ok ? 'riichi-ok' : '', ui.selected === i ? 'selected' : '',
      isDora ? 'is-dora' : '', red ? 'is-red' : '', keeps ? 'keeps-tenpai' : ''].filter(Boolean).join(' ');
    const name = tileLabel(item.code) + (isDora ? ` (${t('table.dora')})` : '');
    const label = ok ? t(ui.riichiMode ? 'act.riichi_with' : 'act.discard_tile', { tile: name }) : name;
    const btn = h('button', {
      type: 'button', class: cls, 'aria-label': label, 'aria-disabled': ok ? null : 'true',
      dataset: { tile: item.code, index: String(i), drawn: item.drawn ? 'true' : 'false' },
      onclick: () => on.discard(item),
      onpointerenter: () => on.point(keeps ? item : null),
      onpointerleave: () => on.point(null),
      onfocus: () => on.point(keeps ? item : null),
      onblur: () => on.point(null),
    }, tile(item.code, 'hand', { label: false }), keeps ? h('span.tenpai-flag', { 'aria-hidden': 'true' }) : null);
    (item.drawn ? drawnBox : concealed).append(btn);
  });
  const s = g.seats[g.me];
  const melds = h('div.my-melds', {}, s ? s.melds.map((m) => meldEl(g, m, g.me, 'meld')) : []);
  const kita = s && s.kita.length ? h('div.my-kita', { 'aria-label': t('table.kita_count', { n: s.kita.length }) },
    h('span.kita-label', {}, t('table.kita')), s.kita.map((c) => tile(c, 'meld'))) : null;
  return h(`div.my-hand${ui.riichiMode ? '.riichi-mode' : ''}`, {}, concealed, drawnBox, melds, kita);
}
