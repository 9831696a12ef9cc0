import type { StableHorse } from '@furlong/contracts';
import { GEAR_COST_CENTS, GEAR_EFFECTS, GEAR_ITEMS, SHOE_COST_CENTS, SHOE_TYPES, shoeEffect } from '@furlong/domain';
import { type FormEvent, useState } from 'react';
import { formatCents } from '../../../lib/format';
import { useHorseCare } from '../api/horse-care';
import { CareOutcome, HorseCarePage } from './horse-care-page';

type ShoeType = (typeof SHOE_TYPES)[number];
type GearItem = (typeof GEAR_ITEMS)[number];

const SHOE_LABELS: Record<ShoeType, string> = {
  regular: 'Regular steel',
  aluminum: 'Aluminum racing plates',
  mud_calks: 'Mud calks',
  turf: 'Turf shoes',
  bar: 'Bar shoes',
};

const GEAR_LABELS: Record<GearItem, string> = {
  blinkers: 'Blinkers',
  shadow_roll: 'Shadow roll',
  tongue_tie: 'Tongue tie',
  earplugs: 'Earplugs',
};

// Surfaces and going a race may have, to say where each shoe helps (the domain's shoeEffect decides).
const GOING: readonly [string, string][] = [
  ['Dirt', 'Fast'],
  ['Dirt', 'Good'],
  ['Dirt', 'Muddy'],
  ['Dirt', 'Sloppy'],
  ['Turf', 'Firm'],
  ['Turf', 'Good'],
  ['Turf', 'Yielding'],
  ['Turf', 'Soft'],
  ['Synthetic', 'Fast'],
];

const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);

/** Where a shoe helps and where it costs, in speed-figure points, from the domain's rule. */
export function shoeSuits(shoe: ShoeType): string {
  const byEffect = new Map<number, string[]>();
  for (const [surface, going] of GOING) {
    const e = shoeEffect(shoe, surface, going);
    byEffect.set(e, [...(byEffect.get(e) ?? []), `${surface} ${going.toLowerCase()}`]);
  }
  const effects = [...byEffect.keys()];
  if (effects.length === 1) {
    const only = effects[0] as number;
    return only === 0 ? 'Neutral on every surface.' : `${signed(only)} speed on every surface.`;
  }
  return [...byEffect.entries()]
    .filter(([e]) => e !== 0)
    .sort(([a], [b]) => b - a)
    .map(([e, where]) => `${signed(e)} on ${where.join(', ')}`)
    .join('; ')
    .concat('; neutral elsewhere.');
}

function gearText(item: GearItem): string {
  const e = GEAR_EFFECTS[item];
  return [
    e.speed ? `+${e.speed} speed` : '',
    e.stamina ? `+${e.stamina} stamina` : '',
    e.early_speed ? `+${e.early_speed} early speed` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

function ShoeingForm({ horse }: { horse: StableHorse }) {
  const care = useHorseCare();
  const [shoe, setShoe] = useState<ShoeType>(horse.shoe);
  const unchanged = shoe === horse.shoe;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The gear stays as it is: PUT sends the whole equipment.
    care.mutate({ kind: 'equipment', horseId: horse.id, equipment: { shoe, gear: horse.gear } });
  };
  return (
    <form className="form stable-form" onSubmit={submit} aria-label={`Shoe ${horse.horse_name}`}>
      <fieldset className="care-options">
        <legend>Shoes</legend>
        {SHOE_TYPES.map((s) => (
          <label key={s} className="care-option">
            <input
              className="care-input"
              type="radio"
              name="shoe"
              value={s}
              checked={shoe === s}
              onChange={() => setShoe(s)}
            />
            <span>
              <strong>{SHOE_LABELS[s]}</strong>
              {s === horse.shoe ? ' (fitted now)' : ''} — {formatCents(SHOE_COST_CENTS[s])}
              <span className="hint care-detail">{shoeSuits(s)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p className="hint">
        Effects are speed-figure points on race day. A new set of shoes is paid for; shoes cannot change while the horse
        is entered in a race that is open for betting.
      </p>
      <p className="button-row">
        <button type="submit" className="button" disabled={care.isPending || unchanged}>
          {unchanged
            ? 'Already fitted'
            : `Fit ${SHOE_LABELS[shoe].toLowerCase()} (${formatCents(SHOE_COST_CENTS[shoe])})`}
        </button>
      </p>
      <CareOutcome result={care.data} error={care.error} failed={`Could not shoe ${horse.horse_name}`} />
    </form>
  );
}

function GearForm({ horse }: { horse: StableHorse }) {
  const care = useHorseCare();
  const [gear, setGear] = useState<GearItem[]>(horse.gear);
  const added = gear.filter((g) => !horse.gear.includes(g));
  const cost = added.reduce((sum, g) => sum + GEAR_COST_CENTS[g], 0);
  const unchanged = gear.length === horse.gear.length && added.length === 0;
  const toggle = (item: GearItem, on: boolean) =>
    setGear((g) => (on ? GEAR_ITEMS.filter((i) => i === item || g.includes(i)) : g.filter((i) => i !== item)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The shoes stay as they are: PUT sends the whole equipment.
    care.mutate({ kind: 'equipment', horseId: horse.id, equipment: { shoe: horse.shoe, gear } });
  };
  return (
    <form className="form stable-form" onSubmit={submit} aria-label={`Gear for ${horse.horse_name}`}>
      <fieldset className="care-options">
        <legend>Gear</legend>
        {GEAR_ITEMS.map((item) => (
          <label key={item} className="care-option">
            <input
              className="care-input"
              type="checkbox"
              checked={gear.includes(item)}
              onChange={(e) => toggle(item, e.target.checked)}
            />
            <span>
              <strong>{GEAR_LABELS[item]}</strong>
              {horse.gear.includes(item) ? ' (worn now)' : ''} — {gearText(item)}; {formatCents(GEAR_COST_CENTS[item])}
            </span>
          </label>
        ))}
      </fieldset>
      <p className="hint">
        Speed is in speed-figure points, stamina and early speed on a 0–1 scale; items add up. Each item added is paid
        for; taking one off is free.
      </p>
      <p className="button-row">
        <button type="submit" className="button" disabled={care.isPending || unchanged}>
          {unchanged ? 'No change' : `Save gear${cost > 0 ? ` (${formatCents(cost)})` : ''}`}
        </button>
      </p>
      <CareOutcome result={care.data} error={care.error} failed={`Could not change the gear of ${horse.horse_name}`} />
    </form>
  );
}

/** /shoeing?horseId= — the shoes a horse races in, each with the going it suits (gear kept). */
export function ShoeingPage() {
  return (
    <HorseCarePage
      title="Shoeing"
      path="/shoeing"
      intro={<p>Fit the shoes that suit the surface and going of your next race.</p>}
    >
      {(horse) => <ShoeingForm horse={horse} />}
    </HorseCarePage>
  );
}

/** /gear?horseId= — the gear a horse wears, each item with its effect (shoes kept). */
export function GearPage() {
  return (
    <HorseCarePage
      title="Gear"
      path="/gear"
      intro={<p>Add or take off equipment. Current gear: see the horse above.</p>}
    >
      {(horse) => <GearForm horse={horse} />}
    </HorseCarePage>
  );
}
