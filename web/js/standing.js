// standing.js — a player's standing in one mode as the pages show it (the REST "ratings" of
// src/server/README.md, "Ratings"): the dan's name in the page's language, the rating with its
// uncertainty ("1523 ± 64", "provisional"), and the bar of rank points to the next tier.
import { h } from './dom.js';
import { t, getLang } from './i18n.js';

/** the tier's name in the page's language (the server sends both) */
export function danName(dan) {
  return (dan.name && dan.name[getLang()]) || (dan.name && dan.name.en) || dan.id;
}

/** "1523 ± 64" */
export function ratingText(rating, uncertainty) {
  return t('rating.value', { rating: Math.round(rating), sigma: Math.round(uncertainty) });
}

/** rank points with a bar to the next tier ("215 / 400"); at the top tier, the points alone */
export function tierBar(dan, points) {
  const top = dan.promote_at === null || dan.promote_at === undefined;
  return h('div.tier-progress', {},
    top ? null : h('progress.tier-bar', { max: dan.promote_at, value: Math.max(0, Math.min(points, dan.promote_at)),
      'aria-label': t('rating.to_next', { points, promote_at: dan.promote_at }) }),
    h('span.tier-points', {}, top ? t('rating.points_top', { points }) : t('rating.to_next', { points, promote_at: dan.promote_at })));
}

/** one mode's standing, for the profile: dan, rank points and bar, rating ± uncertainty */
export function standingEl(mode, s) {
  return h('section.standing', { dataset: { mode } },
    h('h2', {}, t('rating.standing', { mode: t(`mode.${mode}`) })),
    h('p.dan-name', { dataset: { tier: String(s.dan.tier), dan: s.dan.id } }, danName(s.dan)),
    tierBar(s.dan, s.rank_points),
    h('p.rating-line', {}, h('span.rating-label', {}, t('rating.rating')), ' ',
      h('strong.rating-value', {}, ratingText(s.rating, s.uncertainty)),
      s.provisional ? h('span.badge.provisional', { title: t('rating.provisional_hint') }, t('rating.provisional')) : null),
    h('p.muted.rated-games', {}, t('rating.games', { n: s.games })));
}
