import { type KeyboardEvent, useId, useState } from 'react';
import { type PersonKind, type PersonOption, useSearchPeople } from '../../api/search-people';
import { useDebouncedValue } from '../../lib/use-debounced-value';

/** Letters typed before the server is asked. */
export const PICKER_MIN_LETTERS = 2;
const TYPING_PAUSE_MS = 200;

const NOUN: Record<PersonKind, string> = { horses: 'horse', jockeys: 'jockey', trainers: 'trainer', owners: 'owner' };

/**
 * Find a horse, jockey, trainer or owner by name: a combobox whose suggestions come from the server
 * as you type. Arrow keys move through them, Enter picks, Escape closes; a click picks too.
 */
export function PersonPicker({ kind, onPick }: { kind: PersonKind; onPick(person: PersonOption): void }) {
  const id = useId();
  const noun = NOUN[kind];
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = useDebouncedValue(text.trim(), TYPING_PAUSE_MS);
  const enabled = typed.length >= PICKER_MIN_LETTERS;
  const search = useSearchPeople(kind, typed, enabled);
  const options = enabled ? (search.data ?? []) : [];
  const expanded = open && enabled && options.length > 0;
  const optionId = (i: number) => `${id}-option-${i}`;

  const pick = (person: PersonOption) => {
    onPick(person);
    setText('');
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (options.length === 0) return;
      e.preventDefault();
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i < 0 && step < 0 ? options.length - 1 : (i + step + options.length) % options.length));
    } else if (e.key === 'Enter') {
      const chosen = expanded ? options[active] : undefined;
      if (chosen) {
        e.preventDefault();
        pick(chosen);
      }
    } else if (e.key === 'Escape') {
      if (expanded) e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  let status = '';
  if (text.trim().length > 0 && text.trim().length < PICKER_MIN_LETTERS)
    status = `Type ${PICKER_MIN_LETTERS}+ letters.`;
  else if (enabled && search.isError) status = 'Names could not be loaded.';
  else if (enabled && search.isPending) status = 'Searching…';
  else if (enabled && options.length === 0) status = `No ${noun} matches “${typed}”.`;
  else if (expanded) status = `${options.length} ${options.length === 1 ? 'suggestion' : 'suggestions'}.`;

  return (
    <div className="control person-picker">
      <label htmlFor={`${id}-input`}>
        Find {/^[aeiou]/.test(noun) ? 'an' : 'a'} {noun}
      </label>
      <input
        id={`${id}-input`}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${id}-listbox`}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-describedby={`${id}-status`}
        autoComplete="off"
        placeholder={`${noun} name`}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <div
        className="suggestions person-options"
        id={`${id}-listbox`}
        role="listbox"
        aria-label={`${noun} suggestions`}
        hidden={!expanded}
      >
        {expanded
          ? options.map((person, i) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the combobox's (arrows, Enter), which keeps the focus.
              <div
                key={person.id}
                tabIndex={-1}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className={i === active ? 'active' : undefined}
                // Keep the focus in the box so its blur does not close the list before the click lands.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(person)}
                onMouseEnter={() => setActive(i)}
              >
                {person.name}
              </div>
            ))
          : null}
      </div>
      <span id={`${id}-status`} className="hint picker-status" aria-live="polite">
        {status}
      </span>
    </div>
  );
}
