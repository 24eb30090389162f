// waits.js — the waits box beside the table: while you are tenpai, the tiles you wait on with
// how many of each you have not seen yet, and a furiten mark when you can win only by tsumo
// (which furiten — temporary, permanent, riichi — in its tooltip, as the server named it);
// while you point at a tile whose discard leaves you tenpai, the waits that discard would give.
import { h } from './dom.js';
import { t } from './i18n.js';
import { tile, tileLabel } from './tiles.js';
import { waitsLeft } from './tenpai.js';

/**
 * the box for waits `tenpai` ({ waits, furiten: null | 'temporary' | 'permanent' | 'riichi' },
 * the server's word: PROTOCOL.md "Your own tenpai"); `preview`: the discard pointed at, or null
 */
export function waitsEl(g, tenpai, preview = null) {
  if (!tenpai || !tenpai.waits.length) return h('div.waits-box.empty', { 'aria-hidden': 'true' });
  const list = waitsLeft(g, tenpai.waits);
  const total = list.reduce((n, w) => n + w.left, 0);
  const title = preview ? t('waits.if_discard', { tile: tileLabel(preview) }) : t('waits.title');
  const why = tenpai.furiten ? t(`waits.why_${tenpai.furiten}`) : '';
  return h(`div.waits-box${tenpai.furiten ? '.furiten' : ''}${preview ? '.preview' : ''}`, { role: 'status', 'aria-label': `${title} ${t('waits.left_total', { n: total })}${why ? ` ${why}` : ''}` },
    h('div.waits-head', {}, h('span.waits-title', {}, title),
      tenpai.furiten ? h('span.furiten-mark', { title: why, dataset: { furiten: tenpai.furiten } }, t('waits.furiten')) : null),
    h('div.waits-tiles', {}, list.map((w) => h(`span.wait${w.left ? '' : '.dead'}`, { dataset: { tile: w.tile } },
      tile(w.tile, 'mini'), h('span.wait-left', { 'aria-label': t('waits.left', { n: w.left }) }, `×${w.left}`)))));
}
