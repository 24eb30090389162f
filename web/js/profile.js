// profile.js — #/player/ID: a player's dan and rating per mode (with a chart of the rating over
// their last rated matches), a bot account's badge, owner and description and its standings on the
// bot ladder (botladder.js), their totals per mode, their seasons on the point-sum board (rank,
// total, games; each linking to its season board), the chart of their cumulative result, and
// their recent matches (linking to each match page), and the review of their decisions over their
// last matches (reviewtrend.js).
import { h, replace, signed, number } from './dom.js';
import { t, onLangChange, formatDate } from './i18n.js';
import { api } from './api.js';
import { cumulativeChart, ratingChart } from './chart.js';
import { standingEl } from './standing.js';
import { seasonTable } from './seasons.js';
import { currentUser } from './session.js';
import { botBadge } from './bots.js';
import { ladderStandings } from './botladder.js';
import { reviewTrend } from './reviewtrend.js';

function totals(mode, s) {
  const rows = [
    ['games', String(s.games)], ['total', signed(s.total)], ['average', signed(Math.round(s.average))],
    ['wins', String(s.wins)], ['win_rate', `${(s.win_rate * 100).toFixed(1)}%`], ['best', s.best === null ? '–' : signed(s.best)],
  ];
  return h('section.totals', { dataset: { mode } }, h('h2', {}, t(`mode.${mode}`)),
    h('dl', {}, rows.map(([k, v]) => h('div', {}, h('dt', {}, t(`profile.${k}`)), h(`dd.${k}`, {}, v)))));
}

/** "A bot of NAME", NAME linking to the owner's profile */
function ownerLine(owner) {
  const [before, after] = t('bots.owner', { name: '\u0000' }).split('\u0000');
  return [before, h('a', { href: `#/player/${owner.id}` }, owner.display_name), after];
}

const RATING_CHART = 100; // the rated matches a rating chart shows at most
const REVIEW_MATCHES = 20; // the matches the review block sums

export function mountProfile(root, params) {
  let data = null, failed = null, reviewStats = null;
  const rated = {}; // mode → the history's entries, oldest first (once fetched)
  function render() {
    if (failed) { replace(root, h('p.error', {}, failed.status === 404 ? t('profile.not_found') : t('common.load_failed'))); return; }
    if (!data) { replace(root, h('p.muted', {}, t('common.loading'))); return; }
    const me = currentUser();
    replace(root, h('div.profile-page', {},
      h('h1', {}, data.display_name, botBadge(data), me && me.id === data.user_id ? h('span.badge', {}, t('profile.you')) : null),
      data.bot && data.owner ? h('p.bot-owner', {}, ownerLine(data.owner)) : null,
      data.bot && data.description ? h('p.bot-description', {}, data.description) : null,
      h('p.muted', {}, t('profile.since', { date: formatDate(data.created_at * 1000) })),
      data.ratings ? h('div.standings-grid', {}, ['4p', '3p'].map((m) => standingEl(m, data.ratings[m]))) : null,
      data.bot ? ladderStandings(data.ladder) : null,
      ['4p', '3p'].filter((m) => rated[m] && rated[m].length).map((m) => h('section.rating-history', { dataset: { mode: m } },
        h('h2', {}, t('rating.chart', { mode: t(`mode.${m}`) })), ratingChart(rated[m], t('rating.chart', { mode: t(`mode.${m}`) })))),
      h('div.totals-grid', {}, ['4p', '3p'].map((m) => totals(m, data.modes[m]))),
      reviewTrend(reviewStats),
      data.seasons ? ['4p', '3p'].filter((m) => data.seasons[m].length).map((m) => h('section.seasons', { dataset: { mode: m } },
        h('h2', {}, t('profile.seasons', { mode: t(`mode.${m}`) })), seasonTable(m, data.seasons[m], data.season_months))) : null,
      ['4p', '3p'].filter((m) => data.history[m].length).map((m) => h('section.history', {},
        h('h2', {}, t('profile.chart', { mode: t(`mode.${m}`) })), cumulativeChart(data.history[m], t('profile.chart', { mode: t(`mode.${m}`) })))),
      !data.history['4p'].length && !data.history['3p'].length ? h('p.muted', {}, t('profile.no_games')) : null,
      h('section.recent', {}, h('h2', {}, t('profile.recent')),
        data.recent.length ? h('table.recent-matches', {},
          h('thead', {}, h('tr', {}, ['when', 'mode', 'final', 'result', 'counted', 'replay'].map((k) => h('th', { scope: 'col' }, t(`profile.col.${k}`))))),
          h('tbody', {}, data.recent.map((r) => h('tr', { dataset: { match: r.id } },
            h('td', {}, h('a', { href: `#/match/${r.id}` }, formatDate(r.ended_at))),
            h('td', {}, t(`mode.${r.mode}`)),
            h('td.num', {}, number(r.final_points)),
            h(`td.num.result-value${r.result > 0 ? '.plus' : r.result < 0 ? '.minus' : ''}`, {}, signed(r.result)),
            h('td', { dataset: { private: String(!!r.private) } }, r.private ? t('profile.private') : r.counted ? t('profile.counted') : t('profile.not_counted')),
            h('td', {}, h('a', { href: `#/replay/${r.id}`, dataset: { kind: 'replay' } }, t('profile.replay')))))))
          : h('p.muted', {}, t('profile.no_games')))));
  }
  const id = encodeURIComponent(params.id);
  api(`/players/${id}`).then((d) => {
    data = d;
    render();
    for (const m of ['4p', '3p'])
      if (d.ratings && d.ratings[m].games > 0)
        api(`/players/${id}/ratings?mode=${m}&limit=${RATING_CHART}`)
          .then((hist) => { rated[m] = hist.entries.slice().reverse(); render(); }, () => {});
    if (!d.bot && d.recent.length) // a player without matches has nothing reviewed
      api(`/players/${id}/review-stats?n=${REVIEW_MATCHES}`).then((r) => { reviewStats = r; render(); }, () => {});
  }, (e) => { failed = e; render(); });
  const off = onLangChange(render);
  render();
  return off;
}
