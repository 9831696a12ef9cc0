import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';

/**
 * The Enter Horse modal of the track card. Entering your own horse comes with the stable; until
 * then it says so and points at horse creation. Escape or the Close button closes it.
 */
export function EnterHorseDialog({ trackName, onClose }: { trackName: string; onClose(): void }) {
  const closeRef = useRef<HTMLButtonElement>(null);

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
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="enter-horse-title"
        aria-describedby="enter-horse-text"
        onKeyDown={(e) => {
          // Keep Tab inside the dialog: it has two stops, the link and Close.
          if (e.key !== 'Tab') return;
          const stops = Array.from(e.currentTarget.querySelectorAll<HTMLElement>('a[href], button'));
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
        <p id="enter-horse-text">
          Entering your own horse in a race at {trackName} arrives with the stable. You can already{' '}
          <Link to="/create-horse">create a horse</Link> to be ready for it.
        </p>
        <p className="button-row">
          <button ref={closeRef} type="button" className="button secondary" onClick={onClose}>
            Close
          </button>
        </p>
      </div>
    </div>
  );
}
