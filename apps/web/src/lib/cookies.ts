/** Minimal cookie access; the console keeps its token and a few preferences in cookies (doc 000 §9). */
export function getCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return undefined;
}

export function setCookie(name: string, value: string, days?: number): void {
  let cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=/; SameSite=Lax`;
  if (days !== undefined) cookie += `; max-age=${Math.round(days * 86400)}`;
  // biome-ignore lint/suspicious/noDocumentCookie: the token must be readable synchronously before every request; cookieStore is async
  document.cookie = cookie;
}

export function removeCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see setCookie
  document.cookie = `${encodeURIComponent(name)}=; path=/; max-age=0`;
}

export const TOKEN_COOKIE = 'Monitor-Token';
export const getToken = () => getCookie(TOKEN_COOKIE);
export const setToken = (token: string) => setCookie(TOKEN_COOKIE, token);
export const removeToken = () => removeCookie(TOKEN_COOKIE);
