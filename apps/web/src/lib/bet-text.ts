import type { BetView } from '@furlong/contracts';

/** A bet's selections named, slot by slot (position or leg): "#4 Night Owl / #2 Blue Moon", a box marked "(box)". */
export function betSelectionsText(bet: BetView): string {
  const slots = bet.selection_runners.map((slot) => slot.map((r) => `#${r.program_number} ${r.horse_name}`).join(', '));
  return slots.join(' / ') + (bet.box ? ' (box)' : '');
}
