// The engine benches' fields: one class each, speed figures around the class's level, hidden traits
// of real catalog ids, jockeys winning 4–25 % of their rides, a surface and a going drawn as a
// card would have them.
import { type EngineInput, type EngineRunner, horseTraits, jockeySkill, type Prng } from '@furlong/domain';

const SURFACES = ['Dirt', 'Dirt', 'Dirt', 'Turf', 'Synthetic'] as const;
const CONDITIONS: Record<(typeof SURFACES)[number], readonly string[]> = {
  Dirt: ['Fast', 'Fast', 'Fast', 'Good', 'Muddy', 'Sloppy'],
  Turf: ['Firm', 'Firm', 'Good', 'Yielding', 'Soft'],
  Synthetic: ['Fast', 'Fast', 'Good'],
};

/** A field of `runners` over `furlongs`, without a seed. */
export function randomField(prng: Prng, runners: number, furlongs: number): Omit<EngineInput, 'seed'> {
  const level = prng.float(78, 102);
  const field: EngineRunner[] = [];
  for (let i = 0; i < runners; i++) {
    const horseId = prng.int(1, 5_000);
    field.push({
      post_position: i + 1,
      horse_id: horseId,
      speed_figure: Math.min(110, Math.max(70, level + prng.float(-8, 8))),
      ...horseTraits(horseId),
      jockey_skill: jockeySkill(prng.float(4, 25)),
    });
  }
  const surface = prng.pick(SURFACES);
  return { runners: field, conditions: { furlongs, surface, condition: prng.pick(CONDITIONS[surface]) } };
}
