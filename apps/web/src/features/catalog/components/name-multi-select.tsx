import { CATALOG_KINDS, type CatalogKindName } from '@furlong/contracts';
import { useId, useState } from 'react';
import { PICKER_PAGE } from '../../../config/ui';
import { columnLabel } from '../../../lib/format';
import { useCatalogList } from '../api/catalog-list';

/** Pick several exact names: type to get suggestions from the server, chosen names become chips. */
export function NameMultiSelect({
  kind,
  selected,
  onChange,
}: {
  kind: CatalogKindName;
  selected: string[];
  onChange(next: string[]): void;
}) {
  const meta = CATALOG_KINDS[kind];
  const id = useId();
  const [text, setText] = useState('');
  const typed = text.trim();
  const suggestions = useCatalogList(
    kind,
    { limit: PICKER_PAGE, offset: 0, q: typed, sort: meta.nameColumn, order: 'asc' },
    typed.length >= 2,
  );
  const options = [...new Set((suggestions.data?.items ?? []).map((row) => String(row[meta.nameColumn])))].filter(
    (name) => !selected.includes(name),
  );

  const add = (name: string) => {
    if (!selected.includes(name)) onChange([...selected, name]);
    setText('');
  };

  return (
    <div className="control name-select">
      <label htmlFor={id}>{columnLabel(meta.nameColumn)}s</label>
      <input
        id={id}
        value={text}
        placeholder="type 2+ letters"
        autoComplete="off"
        aria-controls={`${id}-options`}
        onChange={(e) => setText(e.target.value)}
      />
      {typed.length >= 2 && options.length > 0 ? (
        <ul className="suggestions" id={`${id}-options`} aria-label="Name suggestions">
          {options.map((name) => (
            <li key={name}>
              <button type="button" onClick={() => add(name)}>
                {name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {selected.length > 0 ? (
        <ul className="chips" aria-label="Selected names">
          {selected.map((name) => (
            <li key={name}>
              {name}
              <button
                type="button"
                aria-label={`Remove ${name}`}
                onClick={() => onChange(selected.filter((n) => n !== name))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
