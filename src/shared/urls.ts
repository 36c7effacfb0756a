/** An http(s) URL: only those become links or images (a javascript: or relative URL never does). */
export function isHttpUrl(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The MENUPLUS sign-in link of a restaurant for the franchise user; null when web_link is no http(s) URL. */
export function franchiseLoginHref(webLink: string, franchiseUserId: number, restaurantUserId: number): string | null {
  if (!isHttpUrl(webLink)) return null;
  return `${webLink.replace(/\/+$/, '')}/franchise-login/${franchiseUserId}/${restaurantUserId}`;
}
