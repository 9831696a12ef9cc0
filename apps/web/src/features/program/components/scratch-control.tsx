import { SIMULATED_SCRATCH_REASONS } from '@furlong/domain';
import { useState } from 'react';
import { ErrorMessage } from '../../../components/ui/status';
import { useScratchRunner } from '../api/scratch-runner';

/**
 * An admin's Scratch button for one runner of the race card: it asks for a reason (a usual one, or
 * the admin's own words) and a confirmation before the scratch is sent; money on the runner is then
 * refunded by the server.
 */
export function ScratchControl({
  raceId,
  postPosition,
  horseName,
}: {
  raceId: number;
  postPosition: number;
  horseName: string;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<string>(SIMULATED_SCRATCH_REASONS[0]);
  const scratch = useScratchRunner(raceId);
  if (!open) {
    return (
      <button
        type="button"
        className="button secondary small"
        aria-label={`Scratch #${postPosition} ${horseName}`}
        onClick={() => setOpen(true)}
      >
        Scratch
      </button>
    );
  }
  return (
    <form
      className="scratch-control"
      aria-label={`Scratch #${postPosition} ${horseName}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (reason.trim() === '') return;
        scratch.mutate({ post_position: postPosition, reason: reason.trim() }, { onSuccess: () => setOpen(false) });
      }}
    >
      <label>
        Reason{' '}
        <input
          list="scratch-reasons"
          value={reason}
          maxLength={200}
          required
          onChange={(e) => setReason(e.target.value)}
        />
      </label>
      <datalist id="scratch-reasons">
        {SIMULATED_SCRATCH_REASONS.map((r) => (
          <option key={r} value={r} />
        ))}
      </datalist>
      <button type="submit" className="button small danger" disabled={scratch.isPending || reason.trim() === ''}>
        Confirm scratch
      </button>
      <button type="button" className="button secondary small" onClick={() => setOpen(false)}>
        Cancel
      </button>
      {scratch.isError ? <ErrorMessage error={scratch.error} text="The runner was not scratched." /> : null}
    </form>
  );
}
