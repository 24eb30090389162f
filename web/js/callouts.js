// callouts.js — what the table announces, over the board and apart from it (a re-drawn board
// does not cut an announcement short): a large call-out at the acting seat for chi, pon, kan,
// riichi, ron, tsumo and kita, one in the middle for a draw, and the banner that opens each
// hand (its name, honba and sticks carried; on the first hand, that the first win ends the
// match). Each shows once, from the game's effects (game.js), with its sound (sound.js).
// Under prefers-reduced-motion the call-outs appear and go without moving (table.css).
import { h, replace } from './dom.js';
import { t } from './i18n.js';
import { position } from './game.js';
import { roundWords } from './board.js';
import { play as sound } from './sound.js';

export const CALLOUT_MS = 1300;
export const BANNER_MS = 2000;
const SOUND = { chi: 'call', pon: 'call', kan: 'call', kita: 'call', riichi: 'riichi', ron: 'win', tsumo: 'win', draw: 'draw', abort: 'draw', discard: 'discard' };
const FRESH_MS = 3000; // effects older than this (a long reconnect) are not announced

/** the layer: el goes over the board; show(g) announces the effects not shown yet */
export function calloutLayer() {
  const el = h('div.fx-layer', { 'aria-live': 'assertive' });
  let shown = { table: null, id: 0 };

  function add(node, ms) {
    el.append(node);
    setTimeout(() => node.remove(), ms);
  }

  function announce(g, fx) {
    if (fx.kind === 'discard') return;
    if (fx.kind === 'hand_start') {
      add(h('div.banner', { role: 'status' },
        h('div.banner-round', {}, roundWords(g)),
        fx.first ? h('div.banner-rule', {}, t('table.first_win_ends')) : null), BANNER_MS);
      return;
    }
    const pos = fx.seat >= 0 ? position(g, fx.seat) : 'mid';
    add(h(`div.callout.pos${pos}.callout-${fx.kind}`, { role: 'status', dataset: { kind: fx.kind, seat: String(fx.seat) } },
      t(`callout.${fx.kind}`)), CALLOUT_MS);
  }

  return {
    el,
    show(g) {
      if (!g) return;
      if (shown.table !== g.table) shown = { table: g.table, id: 0 };
      const now = Date.now();
      for (const fx of g.effects) {
        if (fx.id <= shown.id) continue;
        shown.id = fx.id;
        if (now - fx.at > FRESH_MS) continue;
        announce(g, fx);
        if (SOUND[fx.kind]) sound(SOUND[fx.kind]);
      }
    },
    clear() {
      replace(el);
    },
  };
}
