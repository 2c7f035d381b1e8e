/** Whether a user is banned now: a ban with an end date ends by itself (better-auth's admin plugin). */
export function isBanned(
  row: { banned: boolean | null; banExpires: Date | null },
  now = Date.now(),
): boolean {
  return !!row.banned && (!row.banExpires || row.banExpires.getTime() > now);
}
