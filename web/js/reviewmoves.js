// reviewmoves.js — the review panel's body for the decisions that are not discards
// (src/review/README.md, "Other decisions"): a call or its pass, a kan, a kita, riichi or dama, and
// a win taken, declined or impossible (with why). Each is shown as the choices the seat had with
// the figures the review gives them (shanten and unseen ukeire), the one taken highlighted; the
// discard decisions' ranked options stay in review.js.
import { h } from './dom.js';
import { t } from './i18n.js';
import { tile, tileLabel } from './tiles.js';

/** "1-shanten · 16 tiles" for a review's figures {shanten, ukeire, discard} (null: nothing) */
function figuresText(f) {
  if (!f) return '';
  const level = f.shanten === -1 ? t('review.complete') : f.shanten === 0 ? t('review.tenpai') : t('review.shanten', { n: f.shanten });
  const parts = [level, t('review.ukeire', { n: f.ukeire ? f.ukeire.count : 0 })];
  if (f.discard) parts.push(t('review.then_discard', { tile: tileLabel(f.discard) }));
  return parts.join(' · ');
}

/** one choice of the decision: its label, its figures, whether it was taken */
function choiceEl(label, figures, taken, extra = null) {
  return h(`li.review-option${taken ? '.chosen' : ''}`, {},
    h('div.review-option-head', {}, h('span.review-level', {}, label),
      taken ? h('span.review-tag.chosen', {}, t('review.chosen')) : null),
    figures ? h('p.review-figures', {}, figuresText(figures)) : null,
    extra ? h('p.review-figures', {}, extra) : null);
}

const tiles = (list) => h('span.review-tiles', {}, (list || []).map((c) => tile(c, 'review-tile')));

function callEl(d) {
  const yakuWord = (y) => (y ? t(`review.yaku.${y}`) : t('review.yaku.none'));
  return h('ol.review-options', {},
    choiceEl(t('review.move.pass'), d.without, d.chosen === null),
    (d.calls || []).map((c, i) => choiceEl(h('span', {}, t(`review.move.${c.type}`), ' ', tiles([...(c.with || []), d.tile])),
      c.after, d.chosen === i, t('review.yaku_after', { yaku: yakuWord(c.yaku) }))));
}

function kanEl(d) {
  return h('ol.review-options', {},
    choiceEl(h('span', {}, t(`review.move.${d.type}`), ' ', tiles([d.tile])), d.with, d.declared),
    choiceEl(t('review.move.no_kan'), d.without, !d.declared));
}

function riichiEl(d) {
  const waits = d.waits && d.waits.length
    ? t('review.riichi_waits', { tiles: d.waits.map(tileLabel).join(', '), n: d.wait_count ?? 0 }) : null;
  return h('ol.review-options', {},
    choiceEl(t('review.move.riichi'), null, d.declared, waits),
    choiceEl(t('review.move.dama'), null, !d.declared, t(d.dama_yaku ? 'review.dama_yaku' : 'review.dama_no_yaku')));
}

function winEl(d) {
  const how = t(d.tsumo ? 'review.move.tsumo' : 'review.move.ron');
  if (!d.legal)
    return h('p.review-why', {}, t('review.win_impossible', { how, tile: tileLabel(d.tile) }), ' ', t(`review.why.${d.why}`));
  return h('ol.review-options', {},
    choiceEl(h('span', {}, how, ' ', tiles([d.tile])), null, d.taken),
    choiceEl(t('review.move.decline'), null, !d.taken));
}

/** the body of decision d when it is not a discard (null for a discard) */
export function otherDecisionEl(d) {
  switch (d.kind) {
    case 'call': return callEl(d);
    case 'kan': return kanEl(d);
    case 'kita': return h('ol.review-options', {},
      choiceEl(t('review.move.kita'), null, d.declared), choiceEl(t('review.move.no_kita'), null, !d.declared));
    case 'riichi': return riichiEl(d);
    case 'win': return winEl(d);
    default: return null;
  }
}
