const compactDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** Integer cents as a short axis label: 40775000 → $407.8K, 0 → $0, 99 → $1. */
export function compactCents(cents: number): string {
  return compactDollars.format(cents / 100);
}
