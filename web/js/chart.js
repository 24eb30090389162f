// chart.js — a player's course as an SVG line chart, the extremes labelled: the cumulative result
// over the counted games (a zero line, drawn from points [{ ended_at, cumulative }]) and the
// rating over the rated matches (a band of ± the uncertainty around it, from the history's
// entries [{ rating_before, rating_after, uncertainty_before, uncertainty_after }], oldest first).
import { svg, h, signed } from './dom.js';
import { t } from './i18n.js';

const W = 640, H = 220, PAD = { l: 64, r: 16, t: 16, b: 28 };
const LABEL = { 'text-anchor': 'end', 'font-size': 12, fill: '#4a5551' };

/**
 * values[0] is the start (before the first game), values[i] after game i; band: [lo, hi] pairs
 * drawn behind the line; mark: the reference line's value (null: none); fmt: a value as text
 */
function lineChart(values, { label, mark = null, band = null, fmt = signed, dots = () => '#1f5f4a' }) {
  const ys = [...values, ...(mark === null ? [] : [mark]), ...(band ? band.flat() : [])];
  const lo = Math.min(...ys), hi = Math.max(...ys);
  const span = hi - lo || 1000;
  const games = values.length - 1;
  const x = (i) => PAD.l + (i * (W - PAD.l - PAD.r)) / games;
  const y = (v) => PAD.t + ((hi - v) * (H - PAD.t - PAD.b)) / span;
  const path = values.map((v, i) => `${i ? 'L' : 'M'}${x(i)} ${y(v)}`).join(' ');
  const bandPath = band ? [...band.map(([, top], i) => `${i ? 'L' : 'M'}${x(i)} ${y(top)}`),
    ...band.map(([bottom], i) => [i, bottom]).reverse().map(([i, bottom]) => `L${x(i)} ${y(bottom)}`), 'Z'].join(' ') : null;
  return svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'chart', role: 'img', 'aria-label': `${label}: ${fmt(values[games])}` },
    svg('rect', { x: PAD.l, y: PAD.t, width: W - PAD.l - PAD.r, height: H - PAD.t - PAD.b, fill: 'none', stroke: '#d5dbd8' }),
    bandPath ? svg('path', { d: bandPath, fill: '#1f5f4a', 'fill-opacity': 0.12, stroke: 'none' }) : null,
    mark === null ? null : svg('line', { x1: PAD.l, x2: W - PAD.r, y1: y(mark), y2: y(mark), stroke: '#7d8a85', 'stroke-dasharray': '4 4' }),
    svg('text', { ...LABEL, x: PAD.l - 6, y: y(hi) + 4 }, fmt(hi)),
    svg('text', { ...LABEL, x: PAD.l - 6, y: y(lo) + 4 }, fmt(lo)),
    mark !== null && lo < mark && hi > mark ? svg('text', { ...LABEL, x: PAD.l - 6, y: y(mark) + 4 }, fmt(mark)) : null,
    svg('text', { ...LABEL, x: W - PAD.r, y: H - 8 }, t('profile.games_n', { n: games })),
    svg('path', { d: path, fill: 'none', stroke: '#1f5f4a', 'stroke-width': 2.5, 'stroke-linejoin': 'round' }),
    values.slice(1).map((v, i) => svg('circle', { cx: x(i + 1), cy: y(v), r: games > 60 ? 0 : 3, fill: dots(v) })));
}

export function cumulativeChart(points, label) {
  if (!points || !points.length) return h('p.muted', {}, t('profile.no_games'));
  return lineChart([0, ...points.map((p) => p.cumulative)], { label, mark: 0, dots: (v) => (v >= 0 ? '#1f5f4a' : '#b3261e') });
}

/** the rating after each rated match (entries oldest first), ± its uncertainty as a band; 1500 marked */
export function ratingChart(entries, label) {
  if (!entries || !entries.length) return h('p.muted', {}, t('profile.no_games'));
  const values = [entries[0].rating_before, ...entries.map((e) => e.rating_after)];
  const sigmas = [entries[0].uncertainty_before, ...entries.map((e) => e.uncertainty_after)];
  return lineChart(values, { label, mark: 1500, band: values.map((v, i) => [v - sigmas[i], v + sigmas[i]]),
    fmt: (v) => String(Math.round(v)) });
}
