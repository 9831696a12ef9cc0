import { INVALID_BID_MESSAGE, MAX_BID_CENTS } from '@furlong/domain';

const DOLLARS = /^\$?\s*(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/;

/**
 * A typed bid in dollars ("1500", "$1,500.50") as cents, or the spec's message (§5) for anything
 * that is not a positive amount of whole cents within the sale's limit.
 */
export function parseBidAmount(text: string): { ok: true; cents: number } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (!DOLLARS.test(trimmed)) return { ok: false, message: INVALID_BID_MESSAGE };
  const cents = Math.round(Number(trimmed.replace(/[$,\s]/g, '')) * 100);
  if (!Number.isSafeInteger(cents) || cents <= 0 || cents > MAX_BID_CENTS) {
    return { ok: false, message: INVALID_BID_MESSAGE };
  }
  return { ok: true, cents };
}
