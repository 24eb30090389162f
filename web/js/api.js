// api.js — the REST API under /api: JSON requests with the session's bearer token, errors as
// ApiError (status, code, message, fields, retryAfter), query strings, and the URLs of the
// match-log downloads. The admin area (web/admin/) uses this module too.
const TOKEN_KEY = 'ippon.token';

export class ApiError extends Error {
  constructor(status, code, message, fields, retryAfter = 0) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields || {};
    this.retryAfter = retryAfter; // seconds, from a 429's Retry-After
  }
}

export function storedToken() {
  return localStorage.getItem(TOKEN_KEY);
}

export function storeToken(token) {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
}

/**
 * api('/auth/me') → the parsed body; throws ApiError on a non-2xx answer or a network failure. body:
 * a value sent as JSON; text: JSON text sent as it is (a pasted game log, whose errors the server names)
 */
export async function api(path, { method = 'GET', body, text, auth = true } = {}) {
  const headers = {};
  const token = storedToken();
  if (auth && token) headers.Authorization = `Bearer ${token}`;
  const sent = text !== undefined ? text : body === undefined ? undefined : JSON.stringify(body);
  if (sent !== undefined) headers['Content-Type'] = 'application/json';
  let res;
  try {
    res = await fetch(`/api${path}`, { method, headers, body: sent });
  } catch {
    throw new ApiError(0, 'network', 'network');
  }
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    const e = data && data.error ? data.error : {};
    throw new ApiError(res.status, e.code || `http_${res.status}`, e.message || res.statusText, e.fields,
      Number(res.headers.get('Retry-After')) || 0);
  }
  return data;
}

/** a query string from an object, leaving out empty values: query({ page: 2, q: '' }) → "?page=2" */
export function query(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** the download links of a finished match's logs */
export function matchLogUrl(id, format) {
  return `/api/matches/${encodeURIComponent(id)}?format=${format}`;
}
