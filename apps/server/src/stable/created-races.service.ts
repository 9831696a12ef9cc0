import type { CreatedRaceView } from '@furlong/contracts';
import { generateCreatedRace } from '@furlong/domain';
import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthenticatedUser } from '../accounts/session-auth';
import type { AuditContext } from '../audit/audit-context';
import { AuditLog } from '../audit/audit-log';
import { HorseRegistry } from '../catalog/horse-registry';
import { notFound, refusal } from '../common/api-error';
import { Randomness } from '../common/randomness';
import { write } from '../common/write-result';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RaceEntries } from '../racing/race-entries.service';

interface CreatedRaceRow {
  id: number;
  race_name: string;
  track_id: number;
  created_at: Date;
  scheduled_race_id: number | null;
}

const RACE_COLUMNS = 'id, race_name, track_id, created_at, scheduled_race_id';

interface CreatedEntryRow {
  created_race_id: number;
  post_position: number;
  horse_id: number;
  jockey_id: number;
  trainer_id: number;
  owner_id: number;
}

/** Horses, riders and people drawn for each generated race. */
const CANDIDATES = 40;

/**
 * The random race generator (spec §3, POST /created_races): a race name, a track and 6–12 horses
 * of the catalog with their jockeys, owners and trainers, drawn by the domain's generateCreatedRace
 * from candidates picked at random, stored and listed.
 */
@Injectable()
export class CreatedRacesService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(HorseRegistry) private readonly registry: HorseRegistry,
    @Inject(Randomness) private readonly random: Randomness,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(RaceEntries) private readonly races: RaceEntries,
    @Inject(AuditLog) private readonly audit: AuditLog,
  ) {}

  async list(): Promise<{ items: CreatedRaceView[] }> {
    const races: CreatedRaceRow[] = await this.dataSource.query(
      `SELECT ${RACE_COLUMNS} FROM created_races ORDER BY id DESC LIMIT 50`,
    );
    return { items: await this.views(races) };
  }

  async create(user: AuthenticatedUser): Promise<CreatedRaceView> {
    const max = this.config.stable.createdRacesPerDayMax;
    const [made]: { n: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM created_races WHERE user_id = $1 AND created_at > now() - interval '1 day'`,
      [user.userId],
    );
    if ((made?.n ?? 0) >= max) {
      throw new HttpException(
        {
          statusCode: 429,
          error: 'Too Many Requests',
          message: `At most ${max} races a day can be generated.`,
          reason: 'created_races_per_day',
        },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
    const [horses, jockeyIds, trainerIds, ownerIds, trackIds] = await Promise.all([
      this.registry.randomHorses(CANDIDATES),
      this.registry.randomIds('jockeys', CANDIDATES),
      this.registry.randomIds('trainers', CANDIDATES),
      this.registry.randomIds('owners', CANDIDATES),
      this.registry.randomIds('tracks', CANDIDATES),
    ]);
    const race = generateCreatedRace(`created-race:${this.random.hex(16)}`, {
      trackIds,
      horses,
      jockeyIds,
      trainerIds,
      ownerIds,
    });
    const row = await this.dataSource.transaction(async (m) => {
      const [r]: CreatedRaceRow[] = await m.query(
        `INSERT INTO created_races (race_name, track_id, user_id) VALUES ($1, $2, $3) RETURNING ${RACE_COLUMNS}`,
        [race.race_name, race.track_id, user.userId],
      );
      if (!r) throw new Error('created race not written');
      await m.query(
        `INSERT INTO created_race_entries (created_race_id, post_position, horse_id, jockey_id, trainer_id, owner_id)
         SELECT $1, * FROM unnest($2::smallint[], $3::int[], $4::int[], $5::int[], $6::int[])`,
        [
          r.id,
          race.entries.map((e) => e.post_position),
          race.entries.map((e) => e.horse_id),
          race.entries.map((e) => e.jockey_id),
          race.entries.map((e) => e.trainer_id),
          race.entries.map((e) => e.owner_id),
        ],
      );
      return r;
    });
    const [view] = await this.views([row]);
    if (!view) throw new Error('created race not shown');
    return view;
  }

  /**
   * An admin puts a created race on its track's day at a post time: racing adds it beside the card
   * (RaceEntries.addRace) with the created field and riders, and it runs like any other race. Once
   * per created race: a second request, or one racing with it, gets a 409.
   */
  /** POST /api/admin/created_races/{id}/schedule: the created race on a card (audited, a refusal too). */
  schedule(ctx: AuditContext, id: number, postTime: Date, trackId?: number): Promise<CreatedRaceView> {
    const change = { action: 'created_race.schedule', table: 'created_races', rowId: id, before: null };
    return this.audit.refusalsOf(ctx, change, () => this.putOnCard(ctx, id, postTime, trackId));
  }

  private async putOnCard(ctx: AuditContext, id: number, postTime: Date, trackId?: number): Promise<CreatedRaceView> {
    const [race]: CreatedRaceRow[] = await this.dataSource.query(
      `SELECT ${RACE_COLUMNS} FROM created_races WHERE id = $1`,
      [id],
    );
    if (!race) throw notFound('Created race', id);
    if (race.scheduled_race_id !== null)
      throw refusal(`Created race ${id} is already on the card.`, 'already_scheduled');
    const field: CreatedEntryRow[] = await this.dataSource.query(
      `SELECT created_race_id, post_position, horse_id, jockey_id, trainer_id, owner_id
         FROM created_race_entries WHERE created_race_id = $1 ORDER BY post_position`,
      [id],
    );
    // Claimed first, so two admins cannot both schedule it; released if racing refuses.
    const claimed = await write(
      this.dataSource,
      'UPDATE created_races SET scheduled_race_id = 0 WHERE id = $1 AND scheduled_race_id IS NULL RETURNING id',
      [id],
    );
    if (claimed.rows.length === 0) throw refusal(`Created race ${id} is already on the card.`, 'already_scheduled');
    try {
      const added = await this.races.addRace(
        trackId ?? race.track_id,
        postTime,
        field.map((e) => ({ post_position: e.post_position, horse_id: e.horse_id, jockey_id: e.jockey_id })),
      );
      // The race runs at the track the admin chose: the created race follows it; the audit row with it.
      await this.dataSource.transaction(async (m) => {
        await m.query('UPDATE created_races SET scheduled_race_id = $2, track_id = $3 WHERE id = $1', [
          id,
          added.id,
          trackId ?? race.track_id,
        ]);
        await this.audit.record(m, ctx, {
          action: 'created_race.schedule',
          table: 'created_races',
          rowId: id,
          before: { scheduled_race_id: null, track_id: race.track_id },
          after: { scheduled_race_id: added.id, track_id: trackId ?? race.track_id, post_time: postTime.toISOString() },
        });
      });
    } catch (err) {
      await this.dataSource.query('UPDATE created_races SET scheduled_race_id = NULL WHERE id = $1', [id]);
      throw err;
    }
    const [after]: CreatedRaceRow[] = await this.dataSource.query(
      `SELECT ${RACE_COLUMNS} FROM created_races WHERE id = $1`,
      [id],
    );
    const [view] = await this.views(after ? [after] : []);
    if (!view) throw notFound('Created race', id);
    return view;
  }

  private async views(races: readonly CreatedRaceRow[]): Promise<CreatedRaceView[]> {
    if (races.length === 0) return [];
    const entries: CreatedEntryRow[] = await this.dataSource.query(
      `SELECT created_race_id, post_position, horse_id, jockey_id, trainer_id, owner_id
         FROM created_race_entries WHERE created_race_id = ANY($1::int[]) ORDER BY created_race_id, post_position`,
      [races.map((r) => r.id)],
    );
    const [tracks, horses, jockeys, trainers, owners] = await Promise.all([
      this.registry.names(
        'tracks',
        races.map((r) => r.track_id),
      ),
      this.registry.names(
        'horses',
        entries.map((e) => e.horse_id),
      ),
      this.registry.names(
        'jockeys',
        entries.map((e) => e.jockey_id),
      ),
      this.registry.names(
        'trainers',
        entries.map((e) => e.trainer_id),
      ),
      this.registry.names(
        'owners',
        entries.map((e) => e.owner_id),
      ),
    ]);
    return races.map((r) => ({
      id: r.id,
      race_name: r.race_name,
      track_id: r.track_id,
      track_name: tracks.get(r.track_id) ?? `Track ${r.track_id}`,
      created_at: new Date(r.created_at).toISOString(),
      // 0 while an admin's request claims it (see schedule).
      scheduled_race_id: r.scheduled_race_id || null,
      entries: entries
        .filter((e) => e.created_race_id === r.id)
        .map((e) => ({
          post_position: e.post_position,
          horse_id: e.horse_id,
          horse_name: horses.get(e.horse_id) ?? `Horse ${e.horse_id}`,
          jockey: jockeys.get(e.jockey_id) ?? '',
          trainer: trainers.get(e.trainer_id) ?? '',
          owner: owners.get(e.owner_id) ?? '',
        })),
    }));
  }
}
