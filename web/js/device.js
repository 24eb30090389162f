// device.js — what the device does for a player beyond the page: the service worker (sw.js) that
// makes the site an installable app, the screen kept on while the player is seated at a table
// (Screen Wake Lock: taken when a match starts or the page is shown again — the browser lets it go
// while the page is hidden — and let go when the match is over or left), and a short vibration
// when the table asks something new of the player (only while the page is visible and after the
// player has touched it: browsers refuse a vibration before). Each part does nothing where the
// browser lacks it. Started once by app.js.
import { play, onPlayChange } from './play.js';

export const VIBRATE_MS = 60;

let lock = null;      // the WakeLockSentinel held, or null
let asking = false;   // a request under way
let refused = null;   // the table at which the browser refused the lock: not asked again there until shown again
let lastAsk = null;   // the seq of the last ask vibrated for

/** seated at a table whose match is still on */
function seated() {
  const g = play.game;
  return !!g && !g.end && !g.closed && !g.gone;
}

async function keepAwake() {
  if (lock || asking || !seated() || document.visibilityState !== 'visible' || !navigator.wakeLock) return;
  if (refused === play.game.table) return;
  asking = true;
  try {
    const sentinel = await navigator.wakeLock.request('screen');
    sentinel.addEventListener('release', () => { if (lock === sentinel) lock = null; });
    lock = sentinel;
    if (!seated()) letSleep(); // the match ended while the request was under way
  } catch {
    lock = null; // refused (battery saver, no permission): the screen sleeps as usual
    refused = play.game ? play.game.table : null;
  } finally {
    asking = false;
  }
}

function letSleep() {
  const held = lock;
  lock = null;
  if (held) held.release().catch(() => {});
}

/** a short pulse for an ask not seen before */
function buzz() {
  const ask = play.game && play.game.ask;
  if (!ask || ask.seq === lastAsk) return;
  lastAsk = ask.seq;
  if (document.visibilityState !== 'visible' || typeof navigator.vibrate !== 'function') return;
  if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
  navigator.vibrate(VIBRATE_MS);
}

function follow() {
  if (seated()) keepAwake();
  else letSleep();
  buzz();
}

/** registers the service worker and follows the player's table for the wake lock and vibrations */
export function startDevice() {
  if ('serviceWorker' in navigator) navigator.serviceWorker.register('/sw.js').catch(() => {});
  onPlayChange(follow);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') refused = null;
    follow();
  });
}
