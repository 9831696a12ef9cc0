import { ApiError } from '../../../lib/api-client';
import { FINALIZE_FAILED } from '../hooks/multi-race-bet';
import { BETTING_CLOSED, isBettingClosed } from '../hooks/place-errors';

/** Spec §8's failure line, with the server's reason (closed betting, a refused field) after it. */
export function FinalizeError({ error }: { error: unknown }) {
  let detail = '';
  if (error instanceof ApiError) {
    if (isBettingClosed(error)) detail = `${BETTING_CLOSED}.`;
    else if (error.fields.length > 0) detail = error.fields.map((f) => f.reason).join(' ');
    else if (error.message) detail = error.message;
  }
  return (
    <p className="status status-error" role="alert">
      {FINALIZE_FAILED}
      {detail ? ` ${detail}` : ''}
    </p>
  );
}
