/** An unread count as a badge shows it: the number up to `most`, then `most+` ('9+' on the bell, '99+' on the Unread
 * tab, whose count stops at 100); nothing at zero. */
export function unreadBadge(count: number, most: number): string | null {
  if (count <= 0) return null;
  return count > most ? `${most}+` : String(count);
}
