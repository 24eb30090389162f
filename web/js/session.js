// session.js — who is playing: the stored token, the user it belongs to, and the ways to get
// one (a guest at once, sign in, register — a guest registering keeps their results, through
// /api/auth/claim — and sign out: here, or everywhere), and changing the password. Listeners
// hear every change.
import { api, ApiError, storedToken, storeToken } from './api.js';

let user = null;
const listeners = new Set();

export function currentUser() {
  return user;
}

export function onSessionChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function set(next) {
  user = next;
  for (const fn of listeners) fn(user);
}

function signedIn(reply) {
  storeToken(reply.token);
  set(reply.user);
  return reply.user;
}

/** on start: the user of the stored token, or nobody if it is gone or expired */
export async function restore() {
  if (!storedToken()) return null;
  try {
    const { user: u } = await api('/auth/me');
    set(u);
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) {
      storeToken(null);
      set(null);
    }
  }
  return user;
}

/** a session, making a guest if there is none: the one-click way in */
export async function ensureSession() {
  if (storedToken() && user) return user;
  if (storedToken()) {
    await restore();
    if (user) return user;
  }
  return signedIn(await api('/auth/guest', { method: 'POST', body: {}, auth: false }));
}

export async function continueAsGuest() {
  return ensureSession();
}

export async function login(username, password) {
  return signedIn(await api('/auth/login', { method: 'POST', body: { username, password }, auth: false }));
}

/** registers; a guest keeps their id and results (claim) */
export async function register(username, password, displayName) {
  const body = { username, password };
  if (displayName) body.display_name = displayName;
  if (user && user.guest && storedToken())
    return signedIn(await api('/auth/claim', { method: 'POST', body }));
  if (!displayName) body.display_name = username;
  return signedIn(await api('/auth/register', { method: 'POST', body, auth: false }));
}

/** the session ended elsewhere (the server said so): forget it here */
export function forget() {
  storeToken(null);
  set(null);
}

/** changes the password; the other sessions end, this one stays. Resolves to how many ended */
export async function changePassword(oldPassword, newPassword) {
  const reply = await api('/auth/password', { method: 'POST', body: { old_password: oldPassword, new_password: newPassword } });
  set(reply.user);
  return reply.sessions_ended;
}

/** ends every session of the user, this one too */
export async function logoutEverywhere() {
  await api('/auth/logout-all', { method: 'POST' });
  forget();
}

export async function logout() {
  try {
    await api('/auth/logout', { method: 'POST' });
  } catch {
    /* the session may already be gone: forget it all the same */
  }
  storeToken(null);
  set(null);
}

/** the user as the game server greeted them (welcome.user) */
export function greeted(u) {
  if (!user || user.id !== u.id || user.display_name !== u.display_name) set({ ...(user || {}), ...u });
}
