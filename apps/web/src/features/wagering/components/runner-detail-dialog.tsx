import type { CurrentRaceRunner } from '@furlong/contracts';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';

export type RunnerDetail = { kind: 'horse' | 'jockey'; runner: CurrentRaceRunner };

/** The horse or jockey of a runner, in a modal (spec §2.3 advanced bet races); Escape closes it. */
export function RunnerDetailDialog({ detail, onClose }: { detail: RunnerDetail; onClose: () => void }) {
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), []);
  const { runner, kind } = detail;
  const rows: [string, string | number][] =
    kind === 'horse'
      ? [
          ['Horse', runner.horse_name],
          ['Horse number', runner.horse_number],
          ['Post position', runner.post_position],
          ['Jockey', runner.jockey_name],
          ['Trainer', runner.trainer_name ?? '—'],
          ['Owner', runner.owner_name ?? '—'],
        ]
      : [
          ['Jockey', runner.jockey_name],
          ['Riding', runner.horse_name],
          ['Post position', runner.post_position],
        ];
  const title = kind === 'horse' ? runner.horse_name : runner.jockey_name;
  return (
    <div className="modal-backdrop">
      <div
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="runner-detail-title"
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose();
        }}
      >
        <h2 id="runner-detail-title">{title}</h2>
        <table className="key-values">
          <tbody>
            {rows.map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="button-row">
          <Link
            className="button secondary"
            to={kind === 'horse' ? `/page-horse/${runner.horse_id}` : `/page-jockey/${runner.jockey_id}`}
          >
            Full record
          </Link>
          <button ref={close} type="button" className="button" onClick={onClose}>
            Close
          </button>
        </p>
      </div>
    </div>
  );
}
