/**
 * How long until a key whose events within `windowMs` are `ages` (newest first) holds fewer than `max` of them:
 * 0 when it does now. The stores decide reservations by this.
 */
export function msUntilRoom(ages: readonly number[], { windowMs, max }: { windowMs: number; max: number }) {
  return ages.length >= max ? windowMs - ages[max - 1]! : 0;
}
