/** The catalog kinds served under /api/{kind}: table, name column, searchable and listed columns. Shared so the client knows every column. */
/** How a column's values are parsed from a query string and compared. */
export type ColumnType = 'int' | 'number' | 'text' | 'date' | 'time' | 'bool' | 'text[]' | 'date[]' | 'number[]';

export interface ColumnDef {
  type: ColumnType;
  /** Allowed values, when the column is an enumeration. */
  values?: readonly string[];
}

export interface CatalogKind {
  /** Path segment under /api and the table name. */
  name: CatalogKindName;
  table: string;
  /** What one record is called in messages. */
  label: string;
  /** The column the multi-select `name=` filter matches. */
  nameColumn: string;
  /** Columns searched by the free-text `q=` filter (each has a trigram index). */
  searchColumns: readonly string[];
  /** Every column of the listing, in display order. */
  columns: Readonly<Record<string, ColumnDef>>;
  defaultSort: string;
}

export const CATALOG_KIND_NAMES = [
  'horses',
  'jockeys',
  'trainers',
  'owners',
  'tracks',
  'races',
  'breeds',
  'bet_types',
] as const;
export type CatalogKindName = (typeof CATALOG_KIND_NAMES)[number];

const int: ColumnDef = { type: 'int' };
const num: ColumnDef = { type: 'number' };
const text: ColumnDef = { type: 'text' };

export const CATALOG_KINDS: Readonly<Record<CatalogKindName, CatalogKind>> = {
  horses: {
    name: 'horses',
    table: 'horses',
    label: 'Horse',
    nameColumn: 'horse_name',
    searchColumns: ['horse_name', 'sire', 'dam', 'breeder'],
    defaultSort: 'id',
    columns: {
      id: int,
      horse_name: text,
      horse_number: int,
      breed_id: int,
      dob: { type: 'date' },
      age: int,
      gender: { type: 'text', values: ['male', 'female'] },
      color: text,
      height_hands: num,
      weight_lbs: int,
      sire: text,
      dam: text,
      breeder: text,
      jockey_id: int,
      trainer_id: int,
      owner_id: int,
      user_id: int,
      earnings_cents: int,
    },
  },
  jockeys: {
    name: 'jockeys',
    table: 'jockeys',
    label: 'Jockey',
    nameColumn: 'jockey_name',
    searchColumns: ['jockey_name'],
    defaultSort: 'id',
    columns: { id: int, jockey_name: text, earnings_cents: int },
  },
  trainers: {
    name: 'trainers',
    table: 'trainers',
    label: 'Trainer',
    nameColumn: 'trainer_name',
    searchColumns: ['trainer_name'],
    defaultSort: 'id',
    columns: { id: int, trainer_name: text },
  },
  owners: {
    name: 'owners',
    table: 'owners',
    label: 'Owner',
    nameColumn: 'owner_name',
    searchColumns: ['owner_name'],
    defaultSort: 'id',
    columns: { id: int, owner_name: text },
  },
  tracks: {
    name: 'tracks',
    table: 'tracks',
    label: 'Track',
    nameColumn: 'track_name',
    searchColumns: ['track_name', 'location'],
    defaultSort: 'id',
    columns: {
      id: int,
      track_name: text,
      location: text,
      start_time: { type: 'time' },
      utc_offset_minutes: int,
      daily_races: int,
      race_intervals: int,
      surface_type: text,
      track_condition: text,
      weather: text,
      miles: num,
      furlongs: num,
      meters: int,
      post_time: { type: 'time' },
      purse_cents: int,
      race_dates: { type: 'date[]' },
      wager_types: { type: 'text[]' },
      distances_furlongs: { type: 'number[]' },
      purse_sizes_cents: { type: 'number[]' },
    },
  },
  races: {
    name: 'races',
    table: 'races',
    label: 'Race',
    nameColumn: 'race_name',
    searchColumns: ['race_name', 'location'],
    defaultSort: 'id',
    columns: {
      id: int,
      race_name: text,
      race_date: { type: 'date' },
      race_number: int,
      starting_time: { type: 'time' },
      race_class: text,
      num_horses: int,
      track_id: int,
      location: text,
      miles: num,
      furlongs: num,
      meters: int,
      weather: text,
      surface_type: text,
      track_condition: text,
      purse_cents: int,
    },
  },
  breeds: {
    name: 'breeds',
    table: 'breeds',
    label: 'Breed',
    nameColumn: 'breed_name',
    searchColumns: ['breed_name'],
    defaultSort: 'id',
    columns: { id: int, breed_name: text, breed_description: text },
  },
  bet_types: {
    name: 'bet_types',
    table: 'bet_types',
    label: 'Bet type',
    nameColumn: 'bet_type',
    searchColumns: ['bet_type'],
    defaultSort: 'sort_order',
    columns: {
      id: int,
      bet_type: text,
      description: text,
      legs: int,
      horses_required: int,
      ordered: { type: 'bool' },
      sort_order: int,
    },
  },
};

export function isCatalogKindName(value: string): value is CatalogKindName {
  return (CATALOG_KIND_NAMES as readonly string[]).includes(value);
}
