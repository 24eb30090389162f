// watch.js — #/watch/ID: a spectator at a running table, on the table page's layout and drawing
// code (viewer.js), every hand face down, the table as it stood spectate_delay_s ago (the server
// holds each event back that long: PROTOCOL.md, "Watching a table"): call-outs and the result of
// each hand as the players had them. The controls say how late the view is and lead back to the
// lobby; when the match is over, to its page and replay. Leaving the page stops watching.
import { h, replace } from './dom.js';
import { t } from './i18n.js';
import { watchTable, unwatchTable } from './play.js';
import { spectator, onSpectateChange } from './spectate.js';
import { viewerPage } from './viewer.js';

export function mountWatch(root, params) {
  const view = viewerPage(root, { badge: () => t('watch.badge'), pageClass: 'watch-page' });

  function renderControls() {
    const id = encodeURIComponent(params.id);
    replace(view.controls,
      spectator.delayMs !== null ? h('p.watch-delay', { dataset: { delay: String(spectator.delayMs) } },
        spectator.delayMs > 0 ? t('watch.delay', { s: Math.round(spectator.delayMs / 1000) }) : t('watch.live')) : null,
      spectator.ended ? h('p.watch-ended', { role: 'status' }, t('watch.ended')) : null,
      spectator.ended ? h('a.button.primary', { href: `#/replay/${id}`, dataset: { kind: 'replay' } }, t('match.replay')) : null,
      spectator.ended ? h('a.button.secondary', { href: `#/match/${id}`, dataset: { kind: 'match-page' } }, t('viewer.match_page')) : null,
      h('a.button.secondary', { href: '#/', dataset: { kind: 'stop-watching' } }, t('watch.stop')));
  }

  function render() {
    if (spectator.error) {
      view.failed(t(spectator.error === 'in_match' ? 'watch.yours' : 'watch.no_table'));
      return;
    }
    view.render(spectator.g);
    renderControls();
    replace(view.info, spectator.g ? h('p.watch-note', {}, t('watch.note')) : null);
  }

  const offSpectate = onSpectateChange(render);
  const offLang = view.onLang(render);
  watchTable(params.id);
  render();
  return () => {
    offSpectate();
    offLang();
    unwatchTable();
    view.destroy();
  };
}
