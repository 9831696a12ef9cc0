import {
  GEAR_ITEMS,
  HEIGHT_HANDS,
  HORSE_COLORS,
  HORSE_WEIGHT_MAX,
  HORSE_WEIGHT_MIN,
  HORSE_WEIGHT_STEP,
  MEDICAL_TREATMENTS,
  SHOE_TYPES,
  TRAINING_REGIMENS,
} from '@furlong/domain';
import { z } from 'zod';
import { defineOperation, idParam, idParams, isoDate, isoDateTime } from './api';

// The stable (spec §1, §2.3, §3, §4, §5, §7–§9): horses a user creates, looks after, breeds and
// enters in live races. Abilities are drawn by the server (never typed in); every cost and purse
// moves through the ledger; the rules are the domain's stable.ts.

const HORSE_NAME = /^[A-Za-z0-9][A-Za-z0-9 '.-]{1,17}$/;
const NAME_MESSAGE = "must be 2-18 characters: letters, digits, spaces, ' . -, starting with a letter or digit";

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: 'is required' })
    .max(max, { error: `must be at most ${max} characters` });
const optionalId = () => z.int().min(1).max(2_147_483_647).nullable().optional();

export const createHorseBodySchema = z
  .object({
    horse_name: z.string().trim().regex(HORSE_NAME, { error: NAME_MESSAGE }),
    breed_id: z.int().min(1).max(2_147_483_647),
    color: z.enum(HORSE_COLORS),
    dob: isoDate()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date YYYY-MM-DD' })
      .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), { error: 'must be a real date' }),
    gender: z.enum(['male', 'female']),
    height_hands: z
      .int()
      .refine((h) => (HEIGHT_HANDS as readonly number[]).includes(h), { error: 'must be 14, 15, 16, 17 or 18 hands' }),
    weight_lbs: z
      .int({ error: `must be a whole number of pounds` })
      .min(HORSE_WEIGHT_MIN, { error: `must be at least ${HORSE_WEIGHT_MIN}` })
      .max(HORSE_WEIGHT_MAX, { error: `must be at most ${HORSE_WEIGHT_MAX}` })
      .refine((w) => (w - HORSE_WEIGHT_MIN) % HORSE_WEIGHT_STEP === 0, {
        error: `must be in steps of ${HORSE_WEIGHT_STEP} from ${HORSE_WEIGHT_MIN}`,
      }),
    sire: text(60),
    dam: text(60),
    breeder: text(80),
    jockey_id: optionalId(),
    trainer_id: optionalId(),
    owner_id: optionalId(),
  })
  .meta({ id: 'CreateHorseRequest' });
export type CreateHorseBody = z.infer<typeof createHorseBodySchema>;
export type CreateHorseRequest = z.input<typeof createHorseBodySchema>;

const conditionSchema = z
  .object({
    fatigue: z.number().describe('0 (fresh) to 100 (exhausted), as of now on the racing clock'),
    fitness: z.number().describe('0 to 100 (peak)'),
    speed_gain: z.number(),
    stamina_gain: z.number(),
    early_speed_gain: z.number(),
    fit_to_race: z.boolean(),
    unfit_reason: z.string().nullable(),
  })
  .meta({ id: 'HorseCondition' });

const recordSchema = z
  .object({
    starts: z.int(),
    wins: z.int(),
    places: z.int(),
    shows: z.int(),
    earnings_cents: z.int(),
    highest_earning_cents: z.int(),
    tracks_raced: z.array(z.string()),
  })
  .meta({ id: 'HorseRecord' });

export const stableEntrySchema = z
  .object({
    id: z.int(),
    horse_id: z.int(),
    horse_name: z.string(),
    current_race_id: z.int(),
    track_name: z.string(),
    race_number: z.int(),
    post_time: isoDateTime(),
    post_position: z.int(),
    race_status: z.string().describe('scheduled, open, closed, running, finished or cancelled'),
    fee_cents: z.int(),
    finish_position: z.int().nullable(),
    purse_cents: z.int().nullable().describe('paid to the owner for the finishing position; null until resulted'),
    refunded: z.boolean().describe('the fee came back: the race was cancelled or the horse scratched'),
    entered_at: isoDateTime(),
  })
  .meta({ id: 'StableEntry' });
export type StableEntry = z.infer<typeof stableEntrySchema>;

export const stableHorseSchema = z
  .object({
    id: z.int(),
    horse_name: z.string(),
    breed_name: z.string(),
    color: z.string().nullable(),
    dob: isoDate(),
    age: z.int(),
    gender: z.enum(['male', 'female']),
    height_hands: z.number().nullable(),
    weight_lbs: z.int().nullable(),
    sire: z.string(),
    dam: z.string(),
    breeder: z.string(),
    jockey: z.string().nullable(),
    trainer: z.string().nullable(),
    owner: z.string().describe("the owner's name; the user's own name unless an owner was chosen"),
    rating: z.number().describe('the speed figure the engine would use on a fast dirt track today'),
    condition: conditionSchema,
    shoe: z.enum(SHOE_TYPES),
    gear: z.array(z.enum(GEAR_ITEMS)),
    stud_fee_cents: z.int().nullable().describe('a stallion standing at stud for this fee; null: not at stud'),
    record: recordSchema,
    next_entry: stableEntrySchema.nullable(),
    in_foal_until: isoDateTime().nullable().describe('a mare in foal: when the foal is due (racing clock)'),
    on_sale: z.boolean().describe('consigned to an auction sale: it enters no race until the sale is over'),
    can_race_from: isoDate().describe('the day the horse turns 2'),
    created_at: isoDateTime(),
  })
  .meta({ id: 'StableHorse' });
export type StableHorse = z.infer<typeof stableHorseSchema>;

export const stableNoticeSchema = z
  .object({
    id: z.int(),
    kind: z.enum(['entered', 'next_to_post', 'result', 'refund', 'foal', 'stud_fee']),
    message: z.string(),
    current_race_id: z.int().nullable(),
    at: isoDateTime(),
  })
  .meta({ id: 'StableNotice' });
export type StableNotice = z.infer<typeof stableNoticeSchema>;

export const stableDashboardSchema = z
  .object({
    horses: z.array(stableHorseSchema),
    entries: z.array(stableEntrySchema).describe('newest first, at most 100'),
    money: z
      .object({
        spent_cents: z.int().describe('entry fees, care, equipment and stud fees (refunds taken off)'),
        won_cents: z.int().describe('purses and stud fees received'),
      })
      .meta({ id: 'StableMoney' }),
    notices: z.array(stableNoticeSchema).describe('newest first, at most 30'),
    limits: z.object({ horses_max: z.int(), created_per_day_max: z.int(), created_today: z.int() }),
    fees: z.object({ entry_fee_cents: z.int() }),
  })
  .meta({ id: 'StableDashboard' });
export type StableDashboard = z.infer<typeof stableDashboardSchema>;

export const enterableRaceSchema = z
  .object({
    id: z.int(),
    track_id: z.int(),
    track_name: z.string(),
    race_number: z.int(),
    race_title: z.string(),
    post_time: isoDateTime(),
    entries_close_at: isoDateTime().describe('a minute before betting opens'),
    furlongs: z.number(),
    surface_type: z.string(),
    track_condition: z.string(),
    purse_cents: z.int(),
    runners: z.int(),
    free_slots: z.int(),
  })
  .meta({ id: 'EnterableRace' });
export type EnterableRace = z.infer<typeof enterableRaceSchema>;

export const enterableRacesQuerySchema = z.object({
  track_id: z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const parsed = idParam().safeParse(v);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: 'must be a positive integer' });
        return z.NEVER;
      }
      return parsed.data;
    })
    .meta({ override: { type: 'integer', minimum: 1 } }),
});

export const enterRaceBodySchema = z
  .object({ horse_id: z.int().min(1).max(2_147_483_647), current_race_id: z.int().min(1).max(2_147_483_647) })
  .meta({ id: 'EnterRaceRequest' });
export type EnterRaceBody = z.infer<typeof enterRaceBodySchema>;

export const trainingBodySchema = z.object({ regimen: z.enum(TRAINING_REGIMENS) }).meta({ id: 'TrainingRequest' });
export const medicalBodySchema = z.object({ treatment: z.enum(MEDICAL_TREATMENTS) }).meta({ id: 'MedicalRequest' });
export const equipmentBodySchema = z
  .object({
    shoe: z.enum(SHOE_TYPES),
    gear: z
      .array(z.enum(GEAR_ITEMS))
      .max(GEAR_ITEMS.length)
      .refine((g) => new Set(g).size === g.length, { error: 'must not repeat an item' }),
  })
  .meta({ id: 'EquipmentRequest' });
export type EquipmentBody = z.infer<typeof equipmentBodySchema>;
export const studBodySchema = z
  .object({
    fee_cents: z
      .int()
      .min(0)
      .max(10_000_000, { error: 'must be at most $100,000.00' })
      .nullable()
      .describe('null takes the stallion off stud'),
  })
  .meta({ id: 'StudRequest' });

export const careResultSchema = z
  .object({
    horse: stableHorseSchema,
    cost_cents: z.int(),
    balance_cents: z.int().describe('the wallet after paying'),
    message: z.string(),
  })
  .meta({ id: 'CareResult' });
export type CareResult = z.infer<typeof careResultSchema>;

export const studSchema = z
  .object({
    horse_id: z.int(),
    horse_name: z.string(),
    breed_name: z.string(),
    age: z.int(),
    fee_cents: z.int(),
    owner_is_you: z.boolean(),
    rating: z.number(),
  })
  .meta({ id: 'Stud' });

export const breedBodySchema = z
  .object({
    sire_id: z.int().min(1).max(2_147_483_647),
    dam_id: z.int().min(1).max(2_147_483_647),
    foal_name: z.string().trim().regex(HORSE_NAME, { error: NAME_MESSAGE }),
  })
  .meta({ id: 'BreedRequest' });
export type BreedBody = z.infer<typeof breedBodySchema>;

export const breedingSchema = z
  .object({
    id: z.int(),
    sire_id: z.int(),
    sire_name: z.string(),
    dam_id: z.int(),
    dam_name: z.string(),
    foal_name: z.string(),
    fee_cents: z.int(),
    due_at: isoDateTime(),
    foal_id: z.int().nullable().describe('the foal once born'),
    created_at: isoDateTime(),
  })
  .meta({ id: 'Breeding' });
export type Breeding = z.infer<typeof breedingSchema>;

export const breedingsResponseSchema = z
  .object({ breedings: z.array(breedingSchema), studs: z.array(studSchema), gestation_hours: z.number() })
  .meta({ id: 'Breedings' });

export const createdRaceSchema = z
  .object({
    id: z.int(),
    race_name: z.string(),
    track_id: z.int(),
    track_name: z.string(),
    created_at: isoDateTime(),
    scheduled_race_id: z.int().nullable().describe('the current race an admin put it on the card as; null until then'),
    entries: z.array(
      z.object({
        post_position: z.int(),
        horse_id: z.int(),
        horse_name: z.string(),
        jockey: z.string(),
        trainer: z.string(),
        owner: z.string(),
      }),
    ),
  })
  .meta({ id: 'CreatedRace' });
export type CreatedRaceView = z.infer<typeof createdRaceSchema>;

export const scheduleCreatedRaceBodySchema = z
  .object({
    post_time: isoDateTime()
      .refine(
        (t) =>
          /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(t) &&
          !Number.isNaN(Date.parse(t)),
        {
          error: 'must be an ISO 8601 date-time with a zone, e.g. 2026-11-26T18:30:00Z',
        },
      )
      .describe("the race's post time (racing clock): at least ten minutes ahead, on the track's card of that day"),
    track_id: z
      .int()
      .min(1)
      .max(2_147_483_647)
      .optional()
      .describe("the track whose card takes it; the created race's own track when left out"),
  })
  .meta({ id: 'ScheduleCreatedRaceRequest' });
export type ScheduleCreatedRaceBody = z.infer<typeof scheduleCreatedRaceBodySchema>;

export const createdRacesResponseSchema = z.object({ items: z.array(createdRaceSchema) }).meta({ id: 'CreatedRaces' });

const SESSION_401 = 'not logged in, or the session ran out';
const horseParams = idParams();

export const stableApi = {
  dashboard: defineOperation({
    method: 'get',
    path: '/stable',
    tags: ['stable'],
    access: 'session',
    summary: "My stable: the user's horses, entries, money spent and won, and notices",
    status: 200,
    response: stableDashboardSchema,
    errors: { 401: SESSION_401 },
  }),
  createHorse: defineOperation({
    method: 'post',
    path: '/stable/horses',
    tags: ['stable'],
    access: 'session',
    summary: 'Create a horse (its abilities are drawn from its breed, never typed in)',
    body: createHorseBodySchema,
    status: 201,
    response: stableHorseSchema,
    errors: {
      400: 'a field is missing or wrong (each named)',
      401: SESSION_401,
      409: 'the name is taken, or a limit on horses is reached',
    },
  }),
  horse: defineOperation({
    method: 'get',
    path: '/stable/horses/{id}',
    tags: ['stable'],
    access: 'session',
    summary: "One of the user's horses",
    params: horseParams,
    status: 200,
    response: stableHorseSchema,
    errors: { 401: SESSION_401, 404: 'no such horse in your stable' },
  }),
  enterableRaces: defineOperation({
    method: 'get',
    path: '/stable/races',
    tags: ['stable'],
    access: 'public',
    summary: 'Races that take entries: not yet open for betting, with a free slot',
    query: enterableRacesQuerySchema,
    status: 200,
    response: z.object({ items: z.array(enterableRaceSchema), entry_fee_cents: z.int() }),
    errors: { 400: 'a bad track id' },
  }),
  enter: defineOperation({
    method: 'post',
    path: '/stable/entries',
    tags: ['stable'],
    access: 'session',
    summary: 'Enter a horse in a race; the entry fee is paid from the wallet',
    body: enterRaceBodySchema,
    status: 201,
    response: z.object({ entry: stableEntrySchema, balance_cents: z.int() }).meta({ id: 'EnterRaceResponse' }),
    errors: {
      400: 'a field is missing or wrong',
      401: SESSION_401,
      404: 'no such horse in your stable, or no such race',
      409: 'the race does not take entries, is full, the horse is entered elsewhere, too young or too tired, or the wallet is short',
    },
  }),
  train: defineOperation({
    method: 'post',
    path: '/stable/horses/{id}/training',
    tags: ['stable'],
    access: 'session',
    summary: 'A training session: one ability up (diminishing returns), fatigue added',
    params: horseParams,
    body: trainingBodySchema,
    status: 200,
    response: careResultSchema,
    errors: {
      400: 'a bad regimen',
      401: SESSION_401,
      404: 'no such horse in your stable',
      409: 'too tired, racing, or the wallet is short',
    },
  }),
  treat: defineOperation({
    method: 'post',
    path: '/stable/horses/{id}/medical',
    tags: ['stable'],
    access: 'session',
    summary: 'Rest, a vet check or therapy: fatigue down, fitness up',
    params: horseParams,
    body: medicalBodySchema,
    status: 200,
    response: careResultSchema,
    errors: {
      400: 'a bad treatment',
      401: SESSION_401,
      404: 'no such horse in your stable',
      409: 'the wallet is short',
    },
  }),
  equip: defineOperation({
    method: 'put',
    path: '/stable/horses/{id}/equipment',
    tags: ['stable'],
    access: 'session',
    summary: "Set the horse's shoes and gear (a new shoe and each added item are paid for)",
    params: horseParams,
    body: equipmentBodySchema,
    status: 200,
    response: careResultSchema,
    errors: {
      400: 'a bad shoe or gear item',
      401: SESSION_401,
      404: 'no such horse in your stable',
      409: 'entered in a race that is open, or the wallet is short',
    },
  }),
  stud: defineOperation({
    method: 'put',
    path: '/stable/horses/{id}/stud',
    tags: ['stable'],
    access: 'session',
    summary: 'Stand a stallion at stud for a fee, or take it off',
    params: horseParams,
    body: studBodySchema,
    status: 200,
    response: stableHorseSchema,
    errors: {
      400: 'a bad fee',
      401: SESSION_401,
      404: 'no such horse in your stable',
      409: 'not a stallion of breeding age',
    },
  }),
  breedings: defineOperation({
    method: 'get',
    path: '/stable/breedings',
    tags: ['stable'],
    access: 'session',
    summary: "The user's breeding contracts and the stallions at stud",
    status: 200,
    response: breedingsResponseSchema,
    errors: { 401: SESSION_401 },
  }),
  breed: defineOperation({
    method: 'post',
    path: '/stable/breedings',
    tags: ['stable'],
    access: 'session',
    summary: "Breed the user's mare to a stallion (the user's own, or one at stud for its fee)",
    body: breedBodySchema,
    status: 201,
    response: z.object({ breeding: breedingSchema, balance_cents: z.int() }).meta({ id: 'BreedResponse' }),
    errors: {
      400: 'a field is missing or wrong',
      401: SESSION_401,
      404: 'no such mare in your stable, or no such stallion available',
      409: 'not a pair that can breed, the mare is in foal, the foal name is taken, or the wallet is short',
    },
  }),
  createdRaces: defineOperation({
    method: 'get',
    path: '/created_races',
    tags: ['stable'],
    access: 'public',
    summary: 'Races made by the random race generator, newest first (at most 50)',
    status: 200,
    response: createdRacesResponseSchema,
  }),
  createRace: defineOperation({
    method: 'post',
    path: '/created_races',
    tags: ['stable'],
    access: 'session',
    summary: 'Make a random race: a name, a track and 6-12 horses with their jockeys, owners and trainers',
    status: 201,
    response: createdRaceSchema,
    errors: { 401: SESSION_401, 429: 'too many made today' },
  }),
  withdraw: defineOperation({
    method: 'delete',
    path: '/stable/entries/{id}',
    tags: ['stable'],
    access: 'session',
    summary: 'Withdraw an entry before betting opens; the fee is refunded',
    params: idParams(),
    status: 200,
    response: z.object({ entry: stableEntrySchema, balance_cents: z.int() }).meta({ id: 'WithdrawEntryResponse' }),
    errors: {
      401: SESSION_401,
      404: 'no such entry of yours',
      409: 'the race has opened (or run), or the entry has ended',
    },
  }),
  scheduleCreatedRace: defineOperation({
    method: 'post',
    path: '/admin/created_races/{id}/schedule',
    tags: ['stable'],
    access: 'admin',
    summary: "Put a created race on its track's card at a post time (a new race of that day)",
    params: idParams(),
    body: scheduleCreatedRaceBodySchema,
    status: 201,
    response: createdRaceSchema,
    errors: {
      400: 'a bad post time',
      401: SESSION_401,
      403: 'not an admin',
      404: 'no such created race',
      409: "already scheduled, the post time is too soon, the day's card is full (13 races), or a horse already runs that day",
    },
  }),
} as const;
