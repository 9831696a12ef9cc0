import { type CreateHorseRequest, createHorseBodySchema, type StableHorse } from '@furlong/contracts';
import {
  ageInYears,
  defaultWeightForHeight,
  HEIGHT_HANDS,
  HORSE_COLORS,
  HORSE_WEIGHT_MAX,
  HORSE_WEIGHT_MIN,
  HORSE_WEIGHT_STEP,
} from '@furlong/domain';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { type PersonKind, type PersonOption } from '../../../api/search-people';
import { Page } from '../../../components/ui/page';
import { PersonPicker } from '../../../components/ui/person-picker';
import { ErrorMessage, Loading } from '../../../components/ui/status';
import { ApiError } from '../../../lib/api-client';
import { useBreeds } from '../api/breeds';
import { useCreateHorse } from '../api/create-horse';
import { HorseCard } from './horse-card';
import { capitalise, STABLE_MESSAGES } from './stable-messages';

type TextField =
  | 'horse_name'
  | 'breed_id'
  | 'color'
  | 'dob'
  | 'gender'
  | 'height_hands'
  | 'weight_lbs'
  | 'sire'
  | 'dam'
  | 'breeder';
type Connection = 'jockey' | 'trainer' | 'owner';
type FieldName = TextField | `${Connection}_id`;

const LABELS: Record<FieldName, string> = {
  horse_name: 'Name',
  breed_id: 'Breed',
  color: 'Colour',
  dob: 'Date of birth',
  gender: 'Gender',
  height_hands: 'Height',
  weight_lbs: 'Weight',
  sire: 'Sire',
  dam: 'Dam',
  breeder: 'Breeder',
  jockey_id: 'Jockey',
  trainer_id: 'Trainer',
  owner_id: 'Owner',
};

const CONNECTIONS: { key: Connection; kind: PersonKind }[] = [
  { key: 'jockey', kind: 'jockeys' },
  { key: 'trainer', kind: 'trainers' },
  { key: 'owner', kind: 'owners' },
];

const EMPTY: Record<TextField, string> = {
  horse_name: '',
  breed_id: '',
  color: '',
  dob: '',
  gender: '',
  height_hands: '',
  weight_lbs: '',
  sire: '',
  dam: '',
  breeder: '',
};

/** Today in the viewer's calendar, as the date input wants it (YYYY-MM-DD). */
function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const toInt = (text: string) => (text.trim() === '' ? undefined : Number(text));

/**
 * /create-horse (and /create-horse-page): name, breed, colour, date of birth (age shown), gender,
 * height (which sets the default weight), weight, sire, dam, breeder, and optionally a jockey,
 * trainer and owner. The server draws the horse's abilities from its breed; the answer's card
 * shows its rating and record.
 */
export function CreateHorsePage() {
  const ids = useId();
  const today = localToday();
  const breeds = useBreeds();
  const create = useCreateHorse();
  const [values, setValues] = useState<Record<TextField, string>>(EMPTY);
  const [people, setPeople] = useState<Partial<Record<Connection, PersonOption>>>({});
  const [problems, setProblems] = useState<Partial<Record<FieldName, string>>>({});
  const [created, setCreated] = useState<StableHorse | null>(null);

  const age = values.dob && values.dob <= today ? ageInYears(values.dob, today) : null;

  const set = (field: TextField, value: string) => {
    setValues((v) => {
      const next = { ...v, [field]: value };
      // Spec §4: choosing a height sets the default weight for it.
      if (field === 'height_hands' && value !== '') next.weight_lbs = String(defaultWeightForHeight(Number(value)));
      return next;
    });
    setProblems((p) => ({ ...p, [field]: undefined, ...(field === 'height_hands' ? { weight_lbs: undefined } : {}) }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setCreated(null);
    create.reset();
    const body = {
      horse_name: values.horse_name,
      breed_id: toInt(values.breed_id),
      color: values.color || undefined,
      dob: values.dob,
      gender: values.gender || undefined,
      height_hands: toInt(values.height_hands),
      weight_lbs: toInt(values.weight_lbs),
      sire: values.sire,
      dam: values.dam,
      breeder: values.breeder,
      jockey_id: people.jockey?.id ?? null,
      trainer_id: people.trainer?.id ?? null,
      owner_id: people.owner?.id ?? null,
    };
    const found: Partial<Record<FieldName, string>> = {};
    for (const [field, value] of Object.entries(values) as [TextField, string][]) {
      if (value.trim() === '') found[field] = `${LABELS[field]} is required`;
    }
    if (values.dob && values.dob > today) found.dob = `${LABELS.dob} must not be later than today`;
    // The contract's own schema, so the form asks what the server will.
    const parsed = createHorseBodySchema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName | undefined;
        if (field && field in LABELS && !found[field]) found[field] = `${LABELS[field]} ${issue.message}`;
      }
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(body as CreateHorseRequest, {
      onSuccess: (horse) => {
        setCreated(horse);
        setValues(EMPTY);
        setPeople({});
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? error.fields : [];
        const fromServer: Partial<Record<FieldName, string>> = {};
        for (const f of fields) {
          if (f.field in LABELS) fromServer[f.field as FieldName] = `${LABELS[f.field as FieldName]} ${f.reason}`;
        }
        setProblems(fromServer);
      },
    });
  };

  const described = (field: FieldName) => ({
    'aria-invalid': problems[field] ? true : undefined,
    'aria-describedby': problems[field] ? `${ids}-${field}-error` : undefined,
  });
  const errorOf = (field: FieldName) =>
    problems[field] ? (
      <p id={`${ids}-${field}-error`} className="field-error">
        {problems[field]}
      </p>
    ) : null;
  const row = (field: FieldName, control: ReactNode, hint?: ReactNode) => (
    <div className="stable-field">
      <label htmlFor={`${ids}-${field}`}>{LABELS[field]}</label>
      {control}
      {hint}
      {errorOf(field)}
    </div>
  );
  const text = (field: TextField, maxLength: number) =>
    row(
      field,
      <input
        id={`${ids}-${field}`}
        value={values[field]}
        maxLength={maxLength}
        required
        onChange={(e) => set(field, e.target.value)}
        {...described(field)}
      />,
    );

  const serverFields = create.error instanceof ApiError ? create.error.fields : [];
  const unplaced = serverFields.filter((f) => !(f.field in LABELS));

  return (
    <Page
      title="Create Horse"
      actions={
        <Link className="button secondary" to="/user-dashboard">
          My Stable
        </Link>
      }
    >
      <p className="hint">
        Describe your horse; its speed, stamina and early speed are drawn from its breed when it is created, and it can
        race from its second birthday.
      </p>
      {created ? (
        <section aria-label="New horse" className="stable-created">
          <p className="flash" role="status">
            {STABLE_MESSAGES.created}
          </p>
          <HorseCard horse={created}>
            <p className="button-row">
              <Link className="button small" to={`/enter-race?horseId=${created.id}`}>
                Enter a race
              </Link>
              <Link className="button small secondary" to="/user-dashboard">
                My Stable
              </Link>
            </p>
          </HorseCard>
        </section>
      ) : null}
      {create.isError ? (
        <div className="stable-alert">
          <ErrorMessage error={create.error} text={STABLE_MESSAGES.createFailed} />
          {unplaced.length > 0 ? (
            <ul>
              {unplaced.map((f) => (
                <li key={f.field}>{`${f.field} ${f.reason}`}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      <form className="form stable-form create-horse-form" onSubmit={submit} noValidate aria-label="Create a horse">
        {text('horse_name', 18)}
        {row(
          'breed_id',
          <select
            id={`${ids}-breed_id`}
            value={values.breed_id}
            required
            onChange={(e) => set('breed_id', e.target.value)}
            {...described('breed_id')}
          >
            <option value="">{breeds.isPending ? 'Loading breeds…' : 'Choose a breed…'}</option>
            {breeds.data?.items.map((b) => (
              <option key={b.id} value={b.id}>
                {b.breed_name}
              </option>
            ))}
          </select>,
          breeds.isError ? <ErrorMessage error={breeds.error} text="Could not load the breeds." /> : null,
        )}
        {row(
          'color',
          <select
            id={`${ids}-color`}
            value={values.color}
            required
            onChange={(e) => set('color', e.target.value)}
            {...described('color')}
          >
            <option value="">Choose a colour…</option>
            {HORSE_COLORS.map((c) => (
              <option key={c} value={c}>
                {capitalise(c)}
              </option>
            ))}
          </select>,
        )}
        <div className="stable-field-pair">
          {row(
            'dob',
            <input
              id={`${ids}-dob`}
              type="date"
              max={today}
              value={values.dob}
              required
              onChange={(e) => set('dob', e.target.value)}
              {...described('dob')}
            />,
          )}
          <div className="stable-field">
            <label htmlFor={`${ids}-age`}>Age</label>
            <input id={`${ids}-age`} readOnly value={age === null ? '' : `${age} ${age === 1 ? 'year' : 'years'}`} />
          </div>
        </div>
        {row(
          'gender',
          <select
            id={`${ids}-gender`}
            value={values.gender}
            required
            onChange={(e) => set('gender', e.target.value)}
            {...described('gender')}
          >
            <option value="">Choose…</option>
            <option value="male">Male</option>
            <option value="female">Female</option>
          </select>,
        )}
        <div className="stable-field-pair">
          {row(
            'height_hands',
            <select
              id={`${ids}-height_hands`}
              value={values.height_hands}
              required
              onChange={(e) => set('height_hands', e.target.value)}
              {...described('height_hands')}
            >
              <option value="">Choose…</option>
              {HEIGHT_HANDS.map((h) => (
                <option key={h} value={h}>
                  {h} hands
                </option>
              ))}
            </select>,
          )}
          {row(
            'weight_lbs',
            <input
              id={`${ids}-weight_lbs`}
              type="number"
              min={HORSE_WEIGHT_MIN}
              max={HORSE_WEIGHT_MAX}
              step={HORSE_WEIGHT_STEP}
              value={values.weight_lbs}
              required
              onChange={(e) => set('weight_lbs', e.target.value)}
              {...described('weight_lbs')}
            />,
            <span className="hint">
              lb, {HORSE_WEIGHT_MIN}–{HORSE_WEIGHT_MAX} in steps of {HORSE_WEIGHT_STEP}
            </span>,
          )}
        </div>
        {text('sire', 60)}
        {text('dam', 60)}
        {text('breeder', 80)}
        <fieldset className="stable-connections">
          <legend>Connections (optional)</legend>
          {CONNECTIONS.map(({ key, kind }) => {
            const chosen = people[key];
            return (
              <div key={key} className="stable-field">
                {chosen ? (
                  <ul className="chips" aria-label={`Chosen ${key}`}>
                    <li>
                      {LABELS[`${key}_id`]}: {chosen.name}
                      <button
                        type="button"
                        aria-label={`Clear ${key} ${chosen.name}`}
                        onClick={() => setPeople((p) => ({ ...p, [key]: undefined }))}
                      >
                        ×
                      </button>
                    </li>
                  </ul>
                ) : (
                  <PersonPicker kind={kind} onPick={(person) => setPeople((p) => ({ ...p, [key]: person }))} />
                )}
                {errorOf(`${key}_id`)}
              </div>
            );
          })}
          <p className="hint">
            Left empty, a jockey and a trainer are assigned for you, and the horse is owned in your name.
          </p>
        </fieldset>
        <p className="button-row">
          <button type="submit" className="button" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create Horse'}
          </button>
        </p>
        {create.isPending ? <Loading text="Creating your horse…" /> : null}
      </form>
    </Page>
  );
}
