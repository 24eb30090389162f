// api.js — the admin area's REST calls: JSON with the session's bearer token (the same token the
// main site keeps, localStorage "ippon.token"), errors thrown as ApiError.
const TOKEN_KEY = 'ippon.token';

export class ApiError extends Error {
  constructor(status, code, message, fields, retryAfter) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields || {};
    this.retryAfter = retryAfter;
  }
}

export function token() {
  return localStorage.getItem(TOKEN_KEY);
}

export function setToken(value) {
  if (value) localStorage.setItem(TOKEN_KEY, value);
  else localStorage.removeItem(TOKEN_KEY);
}

/** api('/admin/tables') → the parsed body; ApiError for a non-2xx answer or no answer */
export async function api(path, { method = 'GET', body } = {}) {
  const headers = {};
  if (token()) headers.Authorization = `Bearer ${token()}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res;
  try {
    res = await fetch(`/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
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
    const e = data?.error ?? {};
    throw new ApiError(res.status, e.code || `http_${res.status}`, e.message || res.statusText, e.fields,
      Number(res.headers.get('Retry-After')) || 0);
  }
  return data;
}

/** a query string from an object, leaving out empty values */
export function query(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}
