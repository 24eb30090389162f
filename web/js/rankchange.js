// rankchange.js — after a ranked match, the result screen's line of rating and rank: the rating
// before → after, the rank points ± and the bar to the next tier, from the player's history
// entry for the match (GET /api/players/{id}/ratings). The result arrives over the WebSocket
// before the store writes the match, so the entry is asked for again a few times until it
// appears; nothing is shown for practice or private matches, or when it never comes.
import { h, replace, signed } from './dom.js';
import { t } from './i18n.js';
import { api } from './api.js';
import { currentUser } from './session.js';
import { danName, ratingText, tierBar } from './standing.js';

const TRIES = 16, WAIT_MS = 500;
const entries = new Map(); // match id → its entry (the screen drawn again in another language asks nothing)

/** the history entry of matchId for user in mode, asked for until it appears: the entry, or null */
async function entryOf(userId, mode, matchId) {
  if (entries.has(matchId)) return entries.get(matchId);
  for (let i = 0; i < TRIES; i++) {
    try {
      const h = await api(`/players/${encodeURIComponent(userId)}/ratings?mode=${mode}&limit=5`);
      const e = h.entries.find((x) => x.match_id === matchId);
      if (e) { entries.set(matchId, e); return e; }
    } catch { /* not yet reachable: ask again */ }
    await new Promise((r) => setTimeout(r, WAIT_MS));
  }
  return null;
}

/** the entry drawn: rating before → after, rank points ± and where they stand now */
export function rankChangeLine(e) {
  const promoted = e.dan_after.tier > e.dan_before.tier, demoted = e.dan_after.tier < e.dan_before.tier;
  const up = e.rating_after - e.rating_before;
  return [
    h('h3', {}, t('rating.after_match')),
    h('p.rating-change', {}, h('span.rating-label', {}, t('rating.rating')), ' ',
      h('span.before', {}, String(Math.round(e.rating_before))), ' → ',
      h(`strong.after${up > 0 ? '.plus' : up < 0 ? '.minus' : ''}`, {}, ratingText(e.rating_after, e.uncertainty_after))),
    h('p.rank-change', {}, h('span.dan-name', {}, danName(e.dan_after)), ' ',
      h(`strong.rank-delta${e.rank_points_delta > 0 ? '.plus' : e.rank_points_delta < 0 ? '.minus' : ''}`, {},
        t('rating.rank_delta', { delta: signed(e.rank_points_delta) })),
      promoted ? h('span.badge.promoted', {}, t('rating.promoted')) : null,
      demoted ? h('span.badge.demoted', {}, t('rating.demoted')) : null),
    tierBar(e.dan_after, e.rank_points_after),
  ];
}

/** a place on the result screen filled once the match's entry is known (empty if there is none) */
export function rankChangeEl(g) {
  const el = h('div.rank-change-box', { dataset: { kind: 'rating-change' } });
  const me = currentUser();
  if (!g.ranked || g.private || !g.end || !me || !/^[0-9a-f]{32}$/.test(g.table || '')) return el; // replays: no entry
  el.append(h('p.muted.rating-wait', {}, t('rating.waiting')));
  entryOf(me.id, g.mode, g.table).then((e) => {
    if (e) replace(el, rankChangeLine(e));
    else replace(el);
  });
  return el;
}
