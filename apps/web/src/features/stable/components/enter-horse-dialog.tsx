import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useSession } from '../../../lib/session';
import { EnterRaceForm } from './enter-race-form';

/**
 * The track card's Enter Horse modal: the enter-race form limited to this track's races, for a
 * logged-in user (anyone else gets a link to log in). Escape or Close closes it; Tab stays inside.
 */
export function EnterHorseDialog({
  trackId,
  trackName,
  onClose,
}: {
  trackId: number;
  trackName: string;
  onClose(): void;
}) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const session = useSession();
  const location = useLocation();

  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className="modal-backdrop">
      <div
        className="modal stable-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="enter-horse-title"
        onKeyDown={(e) => {
          if (e.key !== 'Tab') return;
          const stops = Array.from(
            e.currentTarget.querySelectorAll<HTMLElement>('a[href], button:not(:disabled), select, input'),
          );
          const first = stops[0];
          const last = stops[stops.length - 1];
          if (e.shiftKey && document.activeElement === first) {
            e.preventDefault();
            last?.focus();
          } else if (!e.shiftKey && document.activeElement === last) {
            e.preventDefault();
            first?.focus();
          }
        }}
      >
        <h2 id="enter-horse-title">Enter Horse</h2>
        {session ? (
          <>
            <p className="hint">
              Enter one of your horses in a race at {trackName}. No horse yet? You can{' '}
              <Link to="/create-horse">create a horse</Link>.
            </p>
            <EnterRaceForm trackId={trackId} />
          </>
        ) : (
          <p>
            <Link to="/login" state={{ from: `${location.pathname}${location.search}` }}>
              Log in
            </Link>{' '}
            to enter your own horse in a race at {trackName}.
          </p>
        )}
        <p className="button-row">
          <button ref={closeRef} type="button" className="button secondary" onClick={onClose}>
            Close
          </button>
        </p>
      </div>
    </div>
  );
}
