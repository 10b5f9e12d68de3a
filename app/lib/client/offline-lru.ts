// The size cap of saved stalls' photos kept offline (ADR 029): least recently needed go first.

export interface KeptFile {
  url: string;
  bytes: number;
  /** When a sync last found the photo still needed (its stall still saved or on a trail), Unix ms. */
  usedAt: number;
}

/** The files to drop so the rest fit in `capBytes`: the least recently used first, ties by URL for a stable order. */
export function overCap(files: readonly KeptFile[], capBytes: number): string[] {
  let total = files.reduce((sum, file) => sum + file.bytes, 0);
  const oldestFirst = [...files].sort((a, b) => a.usedAt - b.usedAt || a.url.localeCompare(b.url));
  const dropped: string[] = [];
  for (const file of oldestFirst) {
    if (total <= capBytes) break;
    dropped.push(file.url);
    total -= file.bytes;
  }
  return dropped;
}
