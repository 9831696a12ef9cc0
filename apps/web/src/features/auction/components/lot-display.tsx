import type { LotState } from '@furlong/contracts';
import { useEffect, useRef, useState } from 'react';
import { formatCountdown } from '../../../lib/format';
import { useTimeLeft } from '../hooks/use-time-left';
import { hammerText } from './auction-text';

/** A lot opens later than now: it takes no bids yet. */
export const notYetOpen = (state: LotState, nowMs: number) =>
  state.status === 'upcoming' || (state.status === 'open' && Date.parse(state.opens_at) > nowMs);

/**
 * Time left on the server's clock, ticking smoothly; "Extended" (flashing when it has just grown)
 * once a late bid has moved the close; the hammer's result once the lot has closed.
 */
export function LotClock({ state, tickMs }: { state: LotState; tickMs?: number }) {
  const left = useTimeLeft(state, tickMs);
  const seen = useRef(state.extensions);
  const [fresh, setFresh] = useState(false);
  useEffect(() => {
    if (state.extensions > seen.current) {
      setFresh(true);
      const timer = setTimeout(() => setFresh(false), 3000);
      seen.current = state.extensions;
      return () => clearTimeout(timer);
    }
    seen.current = state.extensions;
    return undefined;
  }, [state.extensions]);

  const hammer = hammerText(state);
  if (hammer) return <span className="lot-clock">{hammer}</span>;
  const opening = left?.opening === true;
  return (
    <span className="lot-clock">
      {left === null ? null : left.ms === 0 && !opening ? (
        <span className="time-left soon">Closing…</span>
      ) : (
        <span className={`time-left${!opening && left.ms < 30_000 ? ' soon' : ''}`}>
          <span className="visually-hidden">{opening ? 'Opens in ' : 'Time left '}</span>
          {opening ? `Opens in ${formatCountdown(left.ms)}` : formatCountdown(left.ms)}
        </span>
      )}
      {state.extensions > 0 && !opening ? (
        <span className={`extended-badge${fresh ? ' fresh' : ''}`} title="A late bid moved the close">
          Extended{state.extensions > 1 ? ` ×${state.extensions}` : ''}
        </span>
      ) : null}
    </span>
  );
}

/** The hammer's result as a banner (the lot page and the current bid view). */
export function HammerBanner({ state }: { state: LotState }) {
  const text = hammerText(state);
  if (!text) return null;
  return (
    <p className={`hammer${state.status === 'sold' ? '' : ' not-sold'}`} role="status">
      {text}
    </p>
  );
}

const COATS: Record<string, string> = {
  bay: '#7a4a26',
  chestnut: '#a0522d',
  black: '#2a2622',
  gray: '#8d8d8d',
  grey: '#8d8d8d',
  roan: '#9c7f74',
  palomino: '#d8b55b',
  dun: '#b99663',
  white: '#e8e4da',
};

/**
 * The lot's picture. The catalogue names an image file, but the server serves no horse images, so
 * the page draws the horse in its coat colour instead.
 */
export function LotPicture({ name, color, breed }: { name: string; color: string | null; breed: string }) {
  const coat = COATS[(color ?? '').toLowerCase().split(/\s+/)[0] ?? ''] ?? '#6b4a2e';
  return (
    <figure className="lot-picture">
      <svg
        viewBox="0 0 320 180"
        role="img"
        aria-label={`Picture of ${name}, a ${color ?? ''} ${breed}`.replace(/\s+/g, ' ')}
      >
        <rect width="320" height="180" fill="#cfe3d3" />
        <rect y="130" width="320" height="50" fill="#7fae7f" />
        <g fill={coat}>
          <ellipse cx="160" cy="100" rx="62" ry="28" />
          <path d="M205 92 L238 52 L252 58 L226 104 Z" />
          <ellipse cx="250" cy="56" rx="17" ry="10" transform="rotate(25 250 56)" />
          <rect x="112" y="116" width="9" height="44" rx="3" />
          <rect x="130" y="118" width="9" height="42" rx="3" />
          <rect x="180" y="118" width="9" height="42" rx="3" />
          <rect x="198" y="116" width="9" height="44" rx="3" />
          <path d="M100 92 Q78 100 82 138 L90 136 Q90 108 104 102 Z" />
        </g>
      </svg>
      <figcaption>
        {name} · {breed}
        {color ? ` · ${color}` : ''}
      </figcaption>
    </figure>
  );
}
