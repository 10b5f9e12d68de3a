// Opaque pagination cursors: base64url of a small JSON tuple, validated on the way back in.

export function encodeCursor(values: (string | number)[]): string {
  return btoa(JSON.stringify(values)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function decodeCursor(cursor: string): unknown[] | null {
  try {
    const json = atob(cursor.replace(/-/g, "+").replace(/_/g, "/"));
    const values: unknown = JSON.parse(json);
    return Array.isArray(values) ? values : null;
  } catch {
    return null;
  }
}
