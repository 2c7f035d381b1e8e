/** The no-show report's default range: the last six months up to this one (YYYY-MM). */
export function lastMonths(count: number, now = new Date()): { from: string; to: string } {
  const month = (d: Date) => d.toISOString().slice(0, 7);
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1), 1));
  return { from: month(start), to: month(now) };
}

/** "24, 2" → [24, 2]; anything that is not a list of whole numbers → null. */
export function parseHours(text: string): number[] | null {
  const parts = text
    .split(/[,\s]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (!parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  return parts.map(Number);
}
