/** A positive integer id from route or query text, or null. */
export function parseRaceId(text: string | null | undefined): number | null {
  if (!text || !/^\d+$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
