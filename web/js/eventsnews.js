// eventsnews.js — an event's messages over the game socket (src/server/EVENTS.md, "Over the
// WebSocket"), wherever the player is: play.js hands each `event_*` message here and shows the
// notice it returns as its toast. `event_seated` also rings a browser notification when the page
// is hidden and the player allowed them (asked for only from the event page's Check in button,
// askNotifications); every message is told to the event page (onEventNews), which asks the
// server for the event again when it is the one shown.
import { t, formatDate } from './i18n.js';

const listeners = new Set();

/** the event page follows the messages: fn(msg); returns the function that stops it */
export function onEventNews(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** asks the browser for leave to notify, from a click (never on load); resolves when answered */
export async function askNotifications() {
  if (typeof Notification === 'undefined' || Notification.permission !== 'default') return;
  try {
    await Notification.requestPermission();
  } catch {
    // an older browser's callback form, or a refusal: the toast still tells the player
  }
}

/** a notification outside the page, only while the page is hidden and the player allowed it */
function notifyHidden(title, body) {
  if (document.visibilityState !== 'hidden' || typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    new Notification(title, { body, tag: 'ippon-event' });
  } catch {
    // browsers that allow notifications only from a service worker: the toast is enough
  }
}

/**
 * one `event_*` message: tells the event page, and returns the notice to show as
 * { key, vars } (i18n keys under events.news.*), or null for a message it does not know
 */
export function eventNews(msg) {
  for (const fn of listeners) fn(msg);
  switch (msg.type) {
    case 'event_seated': {
      const vars = { round: msg.round, table: msg.table };
      notifyHidden(t('events.news.seated_title'), t('events.news.seated', vars));
      return { key: 'events.news.seated', vars };
    }
    case 'event_standings':
      return { key: 'events.news.standings', vars: { round: msg.round } };
    case 'event_announcement':
      return { key: 'events.news.announcement', vars: { text: msg.text } };
    case 'event_round':
      return { key: 'events.news.round', vars: { round: msg.round, time: formatDate(msg.starts_at) } };
    default:
      return null;
  }
}
