// chart.js — the cumulative result over a player's counted games as an SVG line chart: a zero
// line, the running sum, the extremes labelled; drawn from points [{ ended_at, cumulative }].
import { svg, h, signed } from './dom.js';
import { t } from './i18n.js';

const W = 640, H = 220, PAD = { l: 64, r: 16, t: 16, b: 28 };

export function cumulativeChart(points, label) {
  if (!points || !points.length) return h('p.muted', {}, t('profile.no_games'));
  const ys = [0, ...points.map((p) => p.cumulative)];
  const lo = Math.min(...ys), hi = Math.max(...ys);
  const span = hi - lo || 1000;
  const x = (i) => PAD.l + (i * (W - PAD.l - PAD.r)) / points.length; // point 0: before the first game
  const y = (v) => PAD.t + ((hi - v) * (H - PAD.t - PAD.b)) / span;
  const path = [`M${x(0)} ${y(0)}`, ...points.map((p, i) => `L${x(i + 1)} ${y(p.cumulative)}`)].join(' ');
  const last = points[points.length - 1].cumulative;
  return svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'chart', role: 'img', 'aria-label': `${label}: ${signed(last)}` },
    svg('rect', { x: PAD.l, y: PAD.t, width: W - PAD.l - PAD.r, height: H - PAD.t - PAD.b, fill: 'none', stroke: '#d5dbd8' }),
    svg('line', { x1: PAD.l, x2: W - PAD.r, y1: y(0), y2: y(0), stroke: '#7d8a85', 'stroke-dasharray': '4 4' }),
    svg('text', { x: PAD.l - 6, y: y(hi) + 4, 'text-anchor': 'end', 'font-size': 12, fill: '#4a5551' }, signed(hi)),
    svg('text', { x: PAD.l - 6, y: y(lo) + 4, 'text-anchor': 'end', 'font-size': 12, fill: '#4a5551' }, signed(lo)),
    lo < 0 && hi > 0 ? svg('text', { x: PAD.l - 6, y: y(0) + 4, 'text-anchor': 'end', 'font-size': 12, fill: '#4a5551' }, '0') : null,
    svg('text', { x: W - PAD.r, y: H - 8, 'text-anchor': 'end', 'font-size': 12, fill: '#4a5551' }, t('profile.games_n', { n: points.length })),
    svg('path', { d: path, fill: 'none', stroke: '#1f5f4a', 'stroke-width': 2.5, 'stroke-linejoin': 'round' }),
    points.map((p, i) => svg('circle', { cx: x(i + 1), cy: y(p.cumulative), r: points.length > 60 ? 0 : 3, fill: p.cumulative >= 0 ? '#1f5f4a' : '#b3261e' })));
}
