// reviewtrend.js — the profile's "Review" block (profile.js): a player's review summaries over their
// last matches (GET /api/players/{id}/review-stats, src/server/README.md "A player's review
// trend"): the agreement over them, the marked decisions per 100 by category, the newer half
// against the older half, a sparkline of the agreement per match (oldest on the left) and each
// match linking to its review (#/review/ID/SEAT/0).
import { h, svg } from './dom.js';
import { t, formatDate } from './i18n.js';

const CATEGORIES = ['efficiency', 'defence', 'call', 'riichi', 'win'];
const SPARK = { w: 240, h: 48, pad: 4 };

const percent = (x) => (x === null ? '–' : `${(x * 100).toFixed(1)}%`);
const per100 = (n, decisions) => (decisions ? ((100 * n) / decisions).toFixed(1) : '–');
const marksOf = (m) => CATEGORIES.reduce((n, c) => n + m.marks.by_category[c], 0);

/** the agreement of each match, oldest first, as a line over its own range (at least 20 points of
    agreement tall, within 0–100 %), the mean dashed */
function sparkline(matches) {
  const values = matches.filter((m) => m.agreement !== null).map((m) => m.agreement).reverse();
  const label = t('review_trend.spark', { n: values.length });
  if (values.length < 2) return null;
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const lo = Math.max(0, Math.min(Math.min(...values), mean - 0.1)), hi = Math.min(1, Math.max(Math.max(...values), mean + 0.1));
  const x = (i) => SPARK.pad + (i * (SPARK.w - 2 * SPARK.pad)) / (values.length - 1);
  const y = (v) => SPARK.pad + ((hi - v) / (hi - lo)) * (SPARK.h - 2 * SPARK.pad);
  return svg('svg', { viewBox: `0 0 ${SPARK.w} ${SPARK.h}`, class: 'sparkline', role: 'img', 'aria-label': label },
    svg('line', { x1: SPARK.pad, x2: SPARK.w - SPARK.pad, y1: y(mean), y2: y(mean), stroke: '#b9c2be', 'stroke-dasharray': '3 3' }),
    svg('polyline', { points: values.map((v, i) => `${x(i)},${y(v)}`).join(' '), fill: 'none', stroke: '#1f5f4a',
      'stroke-width': 2, 'stroke-linejoin': 'round' }),
    values.map((v, i) => svg('circle', { cx: x(i), cy: y(v), r: values.length > 40 ? 0 : 2.5, fill: '#1f5f4a' })));
}

/** "+2.4 pts" / "−1.0": a change with its sign, or null */
function change(x, unit) {
  if (x === null) return null;
  const text = `${x > 0 ? '+' : x < 0 ? '−' : '±'}${Math.abs(x).toFixed(1)}`;
  return t(`review_trend.change_${unit}`, { x: text });
}

function trendLine(trend) {
  if (trend.agreement_change === null) return h('p.muted.trend-line', {}, t('review_trend.no_trend'));
  const better = trend.agreement_change > 0 ? '.plus' : trend.agreement_change < 0 ? '.minus' : '';
  return h('p.trend-line', {}, t('review_trend.trend', { n: trend.newer.matches }), ' ',
    h(`span.trend-agreement${better}`, {}, change(trend.agreement_change * 100, 'points')), ' · ',
    h('span.trend-marks', {}, change(trend.marks_per_100_change, 'marks')));
}

/** the block, from the reply of review-stats (null: not loaded, or a bot account's: nothing shown) */
export function reviewTrend(stats) {
  if (!stats || stats.bot) return null;
  const title = h('h2', {}, t('review_trend.title'));
  if (!stats.matches.length)
    return h('section.review-trend', {}, title, h('p.muted', {}, t(stats.unreviewed ? 'review_trend.pending' : 'review_trend.none')));
  const total = stats.total;
  return h('section.review-trend', {}, title,
    h('div.review-trend-head', {},
      h('div.agreement', {}, h('span.big-figure', {}, percent(total.agreement)),
        h('span.muted', {}, t('review_trend.agreement', { n: total.matches, decisions: total.decisions }))),
      sparkline(stats.matches)),
    trendLine(stats.trend),
    h('dl.marks-per-100', {}, h('div', {}, h('dt', {}, t('review_trend.marks_all')), h('dd', { dataset: { category: 'all' } }, per100(marksOf(total), total.decisions))),
      CATEGORIES.map((c) => h('div', {}, h('dt', {}, t(`review.category.${c}`)),
        h('dd', { dataset: { category: c } }, per100(total.marks.by_category[c], total.decisions))))),
    h('p.muted.per-100-note', {}, t('review_trend.per_100')),
    h('table.review-matches', {},
      h('thead', {}, h('tr', {}, ['when', 'mode', 'agreement', 'marks'].map((k) => h('th', { scope: 'col' }, t(`review_trend.col.${k}`))))),
      h('tbody', {}, stats.matches.map((m) => h('tr', { dataset: { match: m.match_id } },
        h('td', {}, h('a', { href: `#/review/${m.match_id}/${m.seat}/0` }, formatDate(m.ended_at))),
        h('td', {}, t(`mode.${m.mode}`)),
        h('td.num', {}, percent(m.agreement)),
        h('td.num', {}, String(marksOf(m))))))),
    stats.unreviewed ? h('p.muted', {}, t('review_trend.unreviewed', { n: stats.unreviewed })) : null);
}
