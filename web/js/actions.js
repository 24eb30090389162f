// actions.js — the action bar of the pending `ask`: one button per option that is not a
// discard (each chi choice, pon, every kan, riichi, tsumo, ron, kita, kyuushu, pass) in a fixed
// order with number shortcuts. Which hand tiles may be discarded is hand.js's.
import { h } from './dom.js';
import { tile } from './tiles.js';
import { t } from './i18n.js';

const ORDER = ['tsumo', 'ron', 'riichi', 'ankan', 'kakan', 'daiminkan', 'pon', 'chi', 'kita', 'kyuushu', 'pass'];

/** the buttons of an ask, in order: [{ key, action | null (riichi: a mode), tiles }] */
export function buttonsOf(ask) {
  if (!ask) return [];
  const list = [];
  let riichi = false;
  for (const o of ask.options) {
    if (o.type === 'discard') continue;
    if (o.type === 'riichi') {
      if (!riichi) list.push({ key: 'riichi', action: null, tiles: [] });
      riichi = true;
      continue;
    }
    const tiles = o.tiles || (o.tile ? [o.tile] : []);
    list.push({ key: o.type, action: o, tiles });
  }
  list.sort((a, b) => ORDER.indexOf(a.key) - ORDER.indexOf(b.key));
  return list;
}

/** the action bar: `onPick(button)` for a click; shortcut numbers 1… shown on each */
export function actionBar(buttons, { riichiMode, onPick, seq }) {
  const bar = h('div.actions', { role: 'toolbar', 'aria-label': t('act.bar'), dataset: { seq: seq === null || seq === undefined ? '' : String(seq) } });
  buttons.forEach((b, i) => {
    const label = t(`act.${b.key}`);
    const tiles = b.tiles.length ? h('span.btn-tiles', {}, b.tiles.map((c) => tile(c, 'mini'))) : null;
    const aria = b.tiles.length ? `${label} ${b.tiles.map((c) => c).join(' ')}` : label;
    bar.append(h(`button.act.act-${b.key}${b.key === 'riichi' && riichiMode ? '.on' : ''}`, {
      type: 'button', dataset: { kind: b.key, index: String(i) }, 'aria-label': aria,
      'aria-pressed': b.key === 'riichi' ? String(!!riichiMode) : null,
      'aria-keyshortcuts': i < 9 ? String(i + 1) : null,
      onclick: () => onPick(b),
    }, i < 9 ? h('kbd', {}, String(i + 1)) : null, h('span.act-label', {}, label), tiles));
  });
  return bar;
}
