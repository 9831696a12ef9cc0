import type { MigrationInterface, QueryRunner } from 'typeorm';

export class InitialSchema1795326082400 implements MigrationInterface {
  name = 'InitialSchema1795326082400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "users" ("id" SERIAL NOT NULL, "uuid" uuid NOT NULL DEFAULT gen_random_uuid(), "username" text NOT NULL, "email" text NOT NULL, "password_hash" text NOT NULL, "full_name" text, "role" text NOT NULL DEFAULT 'user', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_951b8f1dfc94ac1d0301a14b7e1" UNIQUE ("uuid"), CONSTRAINT "UQ_fe0bb3f6520ee0469504521e710" UNIQUE ("username"), CONSTRAINT "UQ_97672ac88f789774dd47f7c8be3" UNIQUE ("email"), CONSTRAINT "ck_users_role" CHECK (role IN ('user', 'admin')), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_users_role" ON "users"  ("role") `);
    await queryRunner.query(
      `CREATE TABLE "sessions" ("id" BIGSERIAL NOT NULL, "user_id" integer NOT NULL, "email" text NOT NULL, "session_id" text NOT NULL, "login_date" TIMESTAMP WITH TIME ZONE NOT NULL, "logout_date" TIMESTAMP WITH TIME ZONE, "login_status" text NOT NULL DEFAULT 'active', "last_seen_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "UQ_9340188c93349808f10d1db74a8" UNIQUE ("session_id"), CONSTRAINT "ck_sessions_login_status" CHECK (login_status IN ('active', 'inactive')), CONSTRAINT "PK_3238ef96f18b355b671619111bc" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_sessions_user_status" ON "sessions"  ("user_id", "login_status") `);
    await queryRunner.query(
      `CREATE TABLE "breeds" ("id" SERIAL NOT NULL, "breed_name" text NOT NULL, "breed_description" text NOT NULL, CONSTRAINT "UQ_24d2412db8f33736ab1788f8f8c" UNIQUE ("breed_name"), CONSTRAINT "PK_e89f6e1fbb29d28623b4feb2b3e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "jockeys" ("id" SERIAL NOT NULL, "jockey_name" text NOT NULL, "earnings_cents" bigint NOT NULL DEFAULT '0', CONSTRAINT "PK_84cd07dc0d6fb4ba48e11191744" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_jockeys_jockey_name" ON "jockeys"  ("jockey_name") `);
    await queryRunner.query(`CREATE INDEX "ix_jockeys_earnings_cents" ON "jockeys"  ("earnings_cents") `);
    await queryRunner.query(
      `CREATE TABLE "owners" ("id" SERIAL NOT NULL, "owner_name" text NOT NULL, CONSTRAINT "PK_42838282f2e6b216301a70b02d6" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_owners_owner_name" ON "owners"  ("owner_name") `);
    await queryRunner.query(
      `CREATE TABLE "trainers" ("id" SERIAL NOT NULL, "trainer_name" text NOT NULL, CONSTRAINT "PK_198da56395c269936d351ab774b" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_trainers_trainer_name" ON "trainers"  ("trainer_name") `);
    await queryRunner.query(
      `CREATE TABLE "horses" ("id" SERIAL NOT NULL, "horse_name" text NOT NULL, "horse_number" integer NOT NULL, "breed_id" integer NOT NULL, "dob" date NOT NULL, "age" smallint NOT NULL, "gender" text NOT NULL, "color" text, "height_hands" numeric(4,1), "weight_lbs" integer, "sire" text NOT NULL, "dam" text NOT NULL, "breeder" text NOT NULL, "jockey_id" integer, "trainer_id" integer, "owner_id" integer, "user_id" integer, "earnings_cents" bigint NOT NULL DEFAULT '0', CONSTRAINT "UQ_1f0becaf5dc63ae698e95559ea0" UNIQUE ("horse_name"), CONSTRAINT "ck_horses_weight" CHECK (weight_lbs IS NULL OR weight_lbs BETWEEN 400 AND 2200), CONSTRAINT "ck_horses_gender" CHECK (gender IN ('male', 'female')), CONSTRAINT "PK_2f98809688092c22977eb638c30" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_horses_horse_number" ON "horses"  ("horse_number") `);
    await queryRunner.query(`CREATE INDEX "ix_horses_breed_id" ON "horses"  ("breed_id") `);
    await queryRunner.query(`CREATE INDEX "ix_horses_dob" ON "horses"  ("dob") `);
    await queryRunner.query(`CREATE INDEX "ix_horses_age" ON "horses"  ("age") `);
    await queryRunner.query(`CREATE INDEX "ix_horses_gender" ON "horses"  ("gender") `);
    await queryRunner.query(`CREATE INDEX "ix_horses_color" ON "horses"  ("color") `);
    await queryRunner.query(`CREATE INDEX "ix_horses_height_hands" ON "horses"  ("height_hands") `);
    await queryRunner.query(`CREATE INDEX "ix_horses_weight_lbs" ON "horses"  ("weight_lbs") `);
    await queryRunner.query(`CREATE INDEX "ix_horses_sire" ON "horses"  ("sire") `);
    await queryRunner.query(`CREATE INDEX "ix_horses_dam" ON "horses"  ("dam") `);
    await queryRunner.query(`CREATE INDEX "ix_horses_breeder" ON "horses"  ("breeder") `);
    await queryRunner.query(`CREATE INDEX "ix_horses_jockey_id" ON "horses"  ("jockey_id") `);
    await queryRunner.query(`CREATE INDEX "ix_horses_trainer_id" ON "horses"  ("trainer_id") `);
    await queryRunner.query(`CREATE INDEX "ix_horses_owner_id" ON "horses"  ("owner_id") `);
    await queryRunner.query(`CREATE INDEX "ix_horses_user_id" ON "horses"  ("user_id") `);
    await queryRunner.query(`CREATE INDEX "ix_horses_earnings_cents" ON "horses"  ("earnings_cents") `);
    await queryRunner.query(
      `CREATE TABLE "auction_horses" ("id" SERIAL NOT NULL, "horse_id" integer, "name" text NOT NULL, "breed" text NOT NULL, "age" smallint NOT NULL, "image" text, "description" text NOT NULL, "starting_bid_cents" bigint NOT NULL, CONSTRAINT "PK_5eb09a4bc2d60069e1d35a0e8d0" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_auction_horses_horse_id" ON "auction_horses"  ("horse_id") `);
    await queryRunner.query(
      `CREATE TABLE "sales_contracts" ("id" SERIAL NOT NULL, "contract_date" date NOT NULL, "seller_name" text NOT NULL, "buyer_name" text NOT NULL, "horse_name" text NOT NULL, "purchase_price_cents" bigint NOT NULL, "payment_days" smallint NOT NULL, "delivery_days" smallint NOT NULL, "state" text NOT NULL, "seller_signature" text NOT NULL, "buyer_signature" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_db4bbddf9d19d0075331e505fff" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "bet_types" ("id" SERIAL NOT NULL, "bet_type" text NOT NULL, "description" text NOT NULL, "legs" smallint NOT NULL, "horses_required" smallint NOT NULL, "ordered" boolean NOT NULL, "sort_order" smallint NOT NULL, CONSTRAINT "UQ_d21e03c2bde9d1ed547c9a1e5d6" UNIQUE ("bet_type"), CONSTRAINT "ck_bet_types_horses" CHECK (horses_required BETWEEN 0 AND 10), CONSTRAINT "ck_bet_types_legs" CHECK (legs BETWEEN 1 AND 10), CONSTRAINT "PK_01fbba46e306c1195c9f8eb80c6" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "images" ("id" SERIAL NOT NULL, "image_name" text NOT NULL, CONSTRAINT "UQ_bdcb7aae930d75a34f0ca23df63" UNIQUE ("image_name"), CONSTRAINT "PK_1fe148074c6a1a91b63cb9ee3c9" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "past_performances" ("horse_id" integer NOT NULL, "jockey_id" integer, "starts" integer NOT NULL, "wins" integer NOT NULL, "win_pct_horse" numeric(5,2) NOT NULL, "avg_speed_figure_horse" numeric(6,2) NOT NULL, "earnings_cents" bigint NOT NULL, "last_race_time_ms" integer, "last_race_date" date, "win_percentage_jockey" numeric(5,2) NOT NULL, "refreshed_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_23ff08fee1d4cd6a0b2f9ce7a40" PRIMARY KEY ("horse_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_past_performances_jockey_id" ON "past_performances"  ("jockey_id") `);
    await queryRunner.query(
      `CREATE TABLE "race_entries" ("race_id" integer NOT NULL, "post_position" smallint NOT NULL, "horse_id" integer NOT NULL, "jockey_id" integer NOT NULL, "trainer_id" integer NOT NULL, "owner_id" integer NOT NULL, CONSTRAINT "ck_race_entries_post_position" CHECK (post_position BETWEEN 1 AND 12), CONSTRAINT "PK_78b7023b73b0898325e812bb0b0" PRIMARY KEY ("race_id", "post_position"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_race_entries_horse_id" ON "race_entries"  ("horse_id") `);
    await queryRunner.query(`CREATE INDEX "ix_race_entries_jockey_id" ON "race_entries"  ("jockey_id") `);
    await queryRunner.query(`CREATE INDEX "ix_race_entries_trainer_id" ON "race_entries"  ("trainer_id") `);
    await queryRunner.query(`CREATE INDEX "ix_race_entries_owner_id" ON "race_entries"  ("owner_id") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ux_race_entries_race_horse" ON "race_entries"  ("race_id", "horse_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "tracks" ("id" SERIAL NOT NULL, "track_name" text NOT NULL, "location" text NOT NULL, "start_time" TIME NOT NULL, "daily_races" smallint NOT NULL, "race_intervals" smallint NOT NULL, "surface_type" text NOT NULL, "track_condition" text NOT NULL, "weather" text NOT NULL, "miles" numeric(5,3) NOT NULL, "furlongs" numeric(5,2) NOT NULL, "meters" integer NOT NULL, "post_time" TIME NOT NULL, "purse_cents" bigint NOT NULL, "race_dates" date array NOT NULL DEFAULT '{}', "wager_types" text array NOT NULL DEFAULT '{}', "distances_furlongs" numeric(5,2) array NOT NULL DEFAULT '{}', "purse_sizes_cents" bigint array NOT NULL DEFAULT '{}', CONSTRAINT "UQ_34c28499836ad0da514555ad4c4" UNIQUE ("track_name"), CONSTRAINT "ck_tracks_race_intervals" CHECK (race_intervals BETWEEN 1 AND 240), CONSTRAINT "ck_tracks_daily_races" CHECK (daily_races BETWEEN 1 AND 13), CONSTRAINT "PK_242a37ffc7870380f0e611986e8" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_tracks_location" ON "tracks"  ("location") `);
    await queryRunner.query(`CREATE INDEX "ix_tracks_start_time" ON "tracks"  ("start_time") `);
    await queryRunner.query(`CREATE INDEX "ix_tracks_daily_races" ON "tracks"  ("daily_races") `);
    await queryRunner.query(`CREATE INDEX "ix_tracks_race_intervals" ON "tracks"  ("race_intervals") `);
    await queryRunner.query(`CREATE INDEX "ix_tracks_surface_type" ON "tracks"  ("surface_type") `);
    await queryRunner.query(`CREATE INDEX "ix_tracks_track_condition" ON "tracks"  ("track_condition") `);
    await queryRunner.query(`CREATE INDEX "ix_tracks_weather" ON "tracks"  ("weather") `);
    await queryRunner.query(`CREATE INDEX "ix_tracks_miles" ON "tracks"  ("miles") `);
    await queryRunner.query(`CREATE INDEX "ix_tracks_furlongs" ON "tracks"  ("furlongs") `);
    await queryRunner.query(`CREATE INDEX "ix_tracks_meters" ON "tracks"  ("meters") `);
    await queryRunner.query(`CREATE INDEX "ix_tracks_post_time" ON "tracks"  ("post_time") `);
    await queryRunner.query(`CREATE INDEX "ix_tracks_purse_cents" ON "tracks"  ("purse_cents") `);
    await queryRunner.query(
      `CREATE TABLE "races" ("id" SERIAL NOT NULL, "race_name" text NOT NULL, "race_date" date NOT NULL, "race_number" smallint NOT NULL, "starting_time" TIME NOT NULL, "race_class" text NOT NULL, "num_horses" smallint NOT NULL, "track_id" integer NOT NULL, "location" text NOT NULL, "miles" numeric(5,3) NOT NULL, "furlongs" numeric(5,2) NOT NULL, "meters" integer NOT NULL, "weather" text NOT NULL, "surface_type" text NOT NULL, "track_condition" text NOT NULL, "purse_cents" bigint NOT NULL, CONSTRAINT "ck_races_race_number" CHECK (race_number BETWEEN 1 AND 13), CONSTRAINT "ck_races_num_horses" CHECK (num_horses BETWEEN 1 AND 12), CONSTRAINT "PK_ba7d19b382156bc33244426c597" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_races_race_name" ON "races"  ("race_name") `);
    await queryRunner.query(`CREATE INDEX "ix_races_race_date" ON "races"  ("race_date") `);
    await queryRunner.query(`CREATE INDEX "ix_races_race_number" ON "races"  ("race_number") `);
    await queryRunner.query(`CREATE INDEX "ix_races_starting_time" ON "races"  ("starting_time") `);
    await queryRunner.query(`CREATE INDEX "ix_races_race_class" ON "races"  ("race_class") `);
    await queryRunner.query(`CREATE INDEX "ix_races_num_horses" ON "races"  ("num_horses") `);
    await queryRunner.query(`CREATE INDEX "ix_races_location" ON "races"  ("location") `);
    await queryRunner.query(`CREATE INDEX "ix_races_miles" ON "races"  ("miles") `);
    await queryRunner.query(`CREATE INDEX "ix_races_furlongs" ON "races"  ("furlongs") `);
    await queryRunner.query(`CREATE INDEX "ix_races_meters" ON "races"  ("meters") `);
    await queryRunner.query(`CREATE INDEX "ix_races_weather" ON "races"  ("weather") `);
    await queryRunner.query(`CREATE INDEX "ix_races_surface_type" ON "races"  ("surface_type") `);
    await queryRunner.query(`CREATE INDEX "ix_races_track_condition" ON "races"  ("track_condition") `);
    await queryRunner.query(`CREATE INDEX "ix_races_purse_cents" ON "races"  ("purse_cents") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ix_races_track_date_number" ON "races"  ("track_id", "race_date", "race_number") `,
    );
    await queryRunner.query(
      `CREATE TABLE "current_race_entries" ("current_race_id" integer NOT NULL, "post_position" smallint NOT NULL, "horse_id" integer NOT NULL, "jockey_id" integer NOT NULL, CONSTRAINT "ck_current_race_entries_post_position" CHECK (post_position BETWEEN 1 AND 12), CONSTRAINT "PK_d330d22545e05ef6108d925197e" PRIMARY KEY ("current_race_id", "post_position"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_current_race_entries_horse_id" ON "current_race_entries"  ("horse_id") `);
    await queryRunner.query(
      `CREATE INDEX "ix_current_race_entries_jockey_id" ON "current_race_entries"  ("jockey_id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ux_current_race_entries_race_horse" ON "current_race_entries"  ("current_race_id", "horse_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "current_races" ("id" SERIAL NOT NULL, "race_id" integer, "track_id" integer NOT NULL, "race_date" date NOT NULL, "race_number" smallint NOT NULL, "location" text NOT NULL, "miles" numeric(5,3) NOT NULL, "furlongs" numeric(5,2) NOT NULL, "meters" integer NOT NULL, "num_horses" smallint NOT NULL, "post_time" TIMESTAMP WITH TIME ZONE NOT NULL, "weather" text NOT NULL DEFAULT 'Clear', "surface_type" text NOT NULL DEFAULT 'Turf', "track_condition" text NOT NULL DEFAULT 'Fast', "purse_cents" bigint NOT NULL DEFAULT '0', "status" text NOT NULL DEFAULT 'scheduled', "seed_hash" text, "seed" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_current_races_num_horses" CHECK (num_horses BETWEEN 0 AND 12), CONSTRAINT "ck_current_races_status" CHECK (status IN ('scheduled', 'open', 'closed', 'running', 'finished', 'cancelled')), CONSTRAINT "PK_72915c9106275102e2140c0c6c3" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_current_races_race_id" ON "current_races"  ("race_id") `);
    await queryRunner.query(
      `CREATE INDEX "ix_current_races_status_post_time" ON "current_races"  ("status", "post_time") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ux_current_races_track_date_number" ON "current_races"  ("track_id", "race_date", "race_number") `,
    );
    await queryRunner.query(
      `CREATE TABLE "race_result_finishers" ("result_id" integer NOT NULL, "finish_position" smallint NOT NULL, "post_position" smallint NOT NULL, "horse_id" integer NOT NULL, "jockey_id" integer NOT NULL, "trainer_id" integer NOT NULL, "owner_id" integer NOT NULL, "finish_time_ms" integer NOT NULL, "speed_figure" smallint NOT NULL, "earnings_cents" bigint NOT NULL DEFAULT '0', CONSTRAINT "ck_race_result_finishers_position" CHECK (finish_position BETWEEN 1 AND 12), CONSTRAINT "PK_cfb8b5ef9520d08e257b1d97ac0" PRIMARY KEY ("result_id", "finish_position"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_race_result_finishers_horse_id" ON "race_result_finishers"  ("horse_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_race_result_finishers_jockey_id" ON "race_result_finishers"  ("jockey_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_race_result_finishers_trainer_id" ON "race_result_finishers"  ("trainer_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_race_result_finishers_owner_id" ON "race_result_finishers"  ("owner_id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ux_race_result_finishers_result_horse" ON "race_result_finishers"  ("result_id", "horse_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "race_results" ("id" SERIAL NOT NULL, "race_id" integer NOT NULL, "current_race_id" integer, "num_horses" smallint NOT NULL, "winner_horse_id" integer NOT NULL, "winner_post_position" smallint NOT NULL, "race_duration_ms" integer NOT NULL, "wire_position" numeric(4,3) NOT NULL, "horse_positions" jsonb, "finished_at" TIMESTAMP WITH TIME ZONE NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_7920a28077ae6cecc8d7c340711" UNIQUE ("race_id"), CONSTRAINT "UQ_465a167eba83e375b88aa661ffb" UNIQUE ("current_race_id"), CONSTRAINT "REL_7920a28077ae6cecc8d7c34071" UNIQUE ("race_id"), CONSTRAINT "PK_732c6bc213dcae3c8c1d5a6f038" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_race_results_winner_horse_id" ON "race_results"  ("winner_horse_id") `);
    await queryRunner.query(`CREATE INDEX "ix_race_results_finished_at" ON "race_results"  ("finished_at") `);
    await queryRunner.query(
      `CREATE TABLE "insurance_quote_requests" ("id" SERIAL NOT NULL, "first_name" text NOT NULL, "last_name" text NOT NULL, "phone" text NOT NULL, "email" text NOT NULL, "property_zip" text NOT NULL, "name1_dob" date, "home_year" smallint, "length_ft" smallint, "width_ft" smallint, "in_park" boolean, "private_land" boolean, "street" text, "space" text, "city" text, "state" text, "purchase_price_cents" bigint, "effective_date" date, "garage_attached" boolean, "garage_detached" boolean, "garage_cash_value_cents" bigint, "claims" text, "owner_occupied" boolean, "vacant_or_spec" boolean, "rental" boolean, "seasonal" boolean, "course_of_construction" boolean, "earthquake_coverage" boolean, "flood_coverage" boolean, "additional_coverage" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_cf7469eab85063a7a6d5bdac8a3" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "created_races" ("id" SERIAL NOT NULL, "race_name" text NOT NULL, "track_id" integer NOT NULL, "user_id" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_3b21ef4d751d45578d040d9c386" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_created_races_track_id" ON "created_races"  ("track_id") `);
    await queryRunner.query(`CREATE INDEX "ix_created_races_user_id" ON "created_races"  ("user_id") `);
    await queryRunner.query(
      `CREATE TABLE "created_race_entries" ("created_race_id" integer NOT NULL, "post_position" smallint NOT NULL, "horse_id" integer NOT NULL, "jockey_id" integer NOT NULL, "trainer_id" integer NOT NULL, "owner_id" integer NOT NULL, CONSTRAINT "ck_created_race_entries_post_position" CHECK (post_position BETWEEN 1 AND 12), CONSTRAINT "PK_084b2ed35984ad5c4ff888cd3cb" PRIMARY KEY ("created_race_id", "post_position"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "bet_legs" ("bet_id" bigint NOT NULL, "leg" smallint NOT NULL, "current_race_id" integer NOT NULL, CONSTRAINT "PK_de60fa69d9028ea82c47ffb47fe" PRIMARY KEY ("bet_id", "leg"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_bet_legs_current_race_id" ON "bet_legs"  ("current_race_id") `);
    await queryRunner.query(
      `CREATE TABLE "bet_selections" ("bet_id" bigint NOT NULL, "slot" smallint NOT NULL, "post_position" smallint NOT NULL, CONSTRAINT "ck_bet_selections_post_position" CHECK (post_position BETWEEN 1 AND 12), CONSTRAINT "PK_f4fb0a369879c460415279d8678" PRIMARY KEY ("bet_id", "slot", "post_position"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "bets" ("id" BIGSERIAL NOT NULL, "user_id" integer NOT NULL, "bet_type_id" integer NOT NULL, "track_id" integer, "amount_cents" integer NOT NULL, "total_cents" bigint NOT NULL, "combinations" integer NOT NULL DEFAULT '1', "box" boolean NOT NULL DEFAULT false, "status" text NOT NULL DEFAULT 'pending', "payout_cents" bigint NOT NULL DEFAULT '0', "idempotency_key" text, "slip_index" smallint NOT NULL DEFAULT '0', "bet_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "settled_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "ck_bets_amounts" CHECK (amount_cents > 0 AND total_cents >= amount_cents AND payout_cents >= 0), CONSTRAINT "ck_bets_status" CHECK (status IN ('pending', 'won', 'lost', 'refunded')), CONSTRAINT "PK_7ca91a6a39623bd5c21722bcedd" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_bets_bet_type_id" ON "bets"  ("bet_type_id") `);
    await queryRunner.query(`CREATE INDEX "ix_bets_track_id" ON "bets"  ("track_id") `);
    await queryRunner.query(`CREATE INDEX "ix_bets_status" ON "bets"  ("status") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ux_bets_user_idempotency" ON "bets"  ("user_id", "idempotency_key", "slip_index") `,
    );
    await queryRunner.query(`CREATE INDEX "ix_bets_user_bet_date" ON "bets"  ("user_id", "bet_date") `);
    await queryRunner.query(
      `ALTER TABLE "sessions" ADD CONSTRAINT "FK_085d540d9f418cfbdc7bd55bb19" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "horses" ADD CONSTRAINT "FK_cd33a8eacdfb05940007ec67011" FOREIGN KEY ("breed_id") REFERENCES "breeds"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "horses" ADD CONSTRAINT "FK_0759924f3e89bafe90492eb6b2f" FOREIGN KEY ("jockey_id") REFERENCES "jockeys"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "horses" ADD CONSTRAINT "FK_b7fc343fd4fcbe9d509e6e5f8fe" FOREIGN KEY ("trainer_id") REFERENCES "trainers"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "horses" ADD CONSTRAINT "FK_00cee6cce29c83289f3e5f5c650" FOREIGN KEY ("owner_id") REFERENCES "owners"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "horses" ADD CONSTRAINT "FK_1490f2b071647d9c6e1d48e2701" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "auction_horses" ADD CONSTRAINT "FK_632e3e375c8ad87415152998e09" FOREIGN KEY ("horse_id") REFERENCES "horses"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "past_performances" ADD CONSTRAINT "FK_23ff08fee1d4cd6a0b2f9ce7a40" FOREIGN KEY ("horse_id") REFERENCES "horses"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "past_performances" ADD CONSTRAINT "FK_e7c57ee886de19fe04b128f27d4" FOREIGN KEY ("jockey_id") REFERENCES "jockeys"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "race_entries" ADD CONSTRAINT "FK_5fb39968b9588a6011d183e5826" FOREIGN KEY ("race_id") REFERENCES "races"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "race_entries" ADD CONSTRAINT "FK_bb735158309a34f9e432b2aeed2" FOREIGN KEY ("horse_id") REFERENCES "horses"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "race_entries" ADD CONSTRAINT "FK_3fd60ef252c315b5e80c20517b8" FOREIGN KEY ("jockey_id") REFERENCES "jockeys"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "race_entries" ADD CONSTRAINT "FK_b4995d6ebc745f000ab63cf7c3c" FOREIGN KEY ("trainer_id") REFERENCES "trainers"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "race_entries" ADD CONSTRAINT "FK_26620c67844ed2cb214f1e2ff56" FOREIGN KEY ("owner_id") REFERENCES "owners"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "races" ADD CONSTRAINT "FK_bf299a462515585608e14ac6b82" FOREIGN KEY ("track_id") REFERENCES "tracks"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "current_race_entries" ADD CONSTRAINT "FK_d1056b52614cb7e4d0a7a4df180" FOREIGN KEY ("current_race_id") REFERENCES "current_races"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "current_race_entries" ADD CONSTRAINT "FK_b8130ba1edc4dbbf0453a9e0812" FOREIGN KEY ("horse_id") REFERENCES "horses"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "current_race_entries" ADD CONSTRAINT "FK_399e4ac6d6bf6e4fcbf37a9499b" FOREIGN KEY ("jockey_id") REFERENCES "jockeys"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "current_races" ADD CONSTRAINT "FK_d0c86951e4a65c5ad4776185dfe" FOREIGN KEY ("race_id") REFERENCES "races"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "current_races" ADD CONSTRAINT "FK_11f781abbde1cab89e6ef1d8cf2" FOREIGN KEY ("track_id") REFERENCES "tracks"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "race_result_finishers" ADD CONSTRAINT "FK_a829650a56221aff988750469d8" FOREIGN KEY ("result_id") REFERENCES "race_results"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "race_result_finishers" ADD CONSTRAINT "FK_915316cff5cb5e2272175ff3fda" FOREIGN KEY ("horse_id") REFERENCES "horses"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "race_result_finishers" ADD CONSTRAINT "FK_ed8712b136f1dd515fa85601c4d" FOREIGN KEY ("jockey_id") REFERENCES "jockeys"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "race_result_finishers" ADD CONSTRAINT "FK_feaff8da0d6327c3b8ea74050d2" FOREIGN KEY ("trainer_id") REFERENCES "trainers"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "race_result_finishers" ADD CONSTRAINT "FK_9fd1166a86a6d4b1fdbc6e55a58" FOREIGN KEY ("owner_id") REFERENCES "owners"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "race_results" ADD CONSTRAINT "FK_7920a28077ae6cecc8d7c340711" FOREIGN KEY ("race_id") REFERENCES "races"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "race_results" ADD CONSTRAINT "FK_465a167eba83e375b88aa661ffb" FOREIGN KEY ("current_race_id") REFERENCES "current_races"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "race_results" ADD CONSTRAINT "FK_b535555aea06c374d8719c25aff" FOREIGN KEY ("winner_horse_id") REFERENCES "horses"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "created_races" ADD CONSTRAINT "FK_eae8be0ec1d1d673e58671098dc" FOREIGN KEY ("track_id") REFERENCES "tracks"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "created_races" ADD CONSTRAINT "FK_fbadc83e45b0b27290a559f54da" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "created_race_entries" ADD CONSTRAINT "FK_2bc55802c28fbda59b62aa782a4" FOREIGN KEY ("created_race_id") REFERENCES "created_races"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "created_race_entries" ADD CONSTRAINT "FK_8f89e316a32c9b8c7bb9a3210c3" FOREIGN KEY ("horse_id") REFERENCES "horses"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "created_race_entries" ADD CONSTRAINT "FK_6325a35023b5c8b83722421d2db" FOREIGN KEY ("jockey_id") REFERENCES "jockeys"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "created_race_entries" ADD CONSTRAINT "FK_b643e6df9a913f451d5c084e8cf" FOREIGN KEY ("trainer_id") REFERENCES "trainers"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "created_race_entries" ADD CONSTRAINT "FK_be7c8a8adeb0011f1b501b9969f" FOREIGN KEY ("owner_id") REFERENCES "owners"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "bet_legs" ADD CONSTRAINT "FK_5864579a4b9d362dc2c080acc0f" FOREIGN KEY ("bet_id") REFERENCES "bets"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "bet_legs" ADD CONSTRAINT "FK_0a19c6213923f97713be9a3cba9" FOREIGN KEY ("current_race_id") REFERENCES "current_races"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "bet_selections" ADD CONSTRAINT "FK_19ef71760eb2d43edbbcd1ab180" FOREIGN KEY ("bet_id") REFERENCES "bets"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "bets" ADD CONSTRAINT "FK_8e3c745e288eea6d3c9475550e2" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "bets" ADD CONSTRAINT "FK_98e019b4b5b25ab50f5aab1cb73" FOREIGN KEY ("bet_type_id") REFERENCES "bet_types"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "bets" ADD CONSTRAINT "FK_767acb25b9d302e19abad1446ef" FOREIGN KEY ("track_id") REFERENCES "tracks"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "bets" DROP CONSTRAINT "FK_767acb25b9d302e19abad1446ef"`);
    await queryRunner.query(`ALTER TABLE "bets" DROP CONSTRAINT "FK_98e019b4b5b25ab50f5aab1cb73"`);
    await queryRunner.query(`ALTER TABLE "bets" DROP CONSTRAINT "FK_8e3c745e288eea6d3c9475550e2"`);
    await queryRunner.query(`ALTER TABLE "bet_selections" DROP CONSTRAINT "FK_19ef71760eb2d43edbbcd1ab180"`);
    await queryRunner.query(`ALTER TABLE "bet_legs" DROP CONSTRAINT "FK_0a19c6213923f97713be9a3cba9"`);
    await queryRunner.query(`ALTER TABLE "bet_legs" DROP CONSTRAINT "FK_5864579a4b9d362dc2c080acc0f"`);
    await queryRunner.query(`ALTER TABLE "created_race_entries" DROP CONSTRAINT "FK_be7c8a8adeb0011f1b501b9969f"`);
    await queryRunner.query(`ALTER TABLE "created_race_entries" DROP CONSTRAINT "FK_b643e6df9a913f451d5c084e8cf"`);
    await queryRunner.query(`ALTER TABLE "created_race_entries" DROP CONSTRAINT "FK_6325a35023b5c8b83722421d2db"`);
    await queryRunner.query(`ALTER TABLE "created_race_entries" DROP CONSTRAINT "FK_8f89e316a32c9b8c7bb9a3210c3"`);
    await queryRunner.query(`ALTER TABLE "created_race_entries" DROP CONSTRAINT "FK_2bc55802c28fbda59b62aa782a4"`);
    await queryRunner.query(`ALTER TABLE "created_races" DROP CONSTRAINT "FK_fbadc83e45b0b27290a559f54da"`);
    await queryRunner.query(`ALTER TABLE "created_races" DROP CONSTRAINT "FK_eae8be0ec1d1d673e58671098dc"`);
    await queryRunner.query(`ALTER TABLE "race_results" DROP CONSTRAINT "FK_b535555aea06c374d8719c25aff"`);
    await queryRunner.query(`ALTER TABLE "race_results" DROP CONSTRAINT "FK_465a167eba83e375b88aa661ffb"`);
    await queryRunner.query(`ALTER TABLE "race_results" DROP CONSTRAINT "FK_7920a28077ae6cecc8d7c340711"`);
    await queryRunner.query(`ALTER TABLE "race_result_finishers" DROP CONSTRAINT "FK_9fd1166a86a6d4b1fdbc6e55a58"`);
    await queryRunner.query(`ALTER TABLE "race_result_finishers" DROP CONSTRAINT "FK_feaff8da0d6327c3b8ea74050d2"`);
    await queryRunner.query(`ALTER TABLE "race_result_finishers" DROP CONSTRAINT "FK_ed8712b136f1dd515fa85601c4d"`);
    await queryRunner.query(`ALTER TABLE "race_result_finishers" DROP CONSTRAINT "FK_915316cff5cb5e2272175ff3fda"`);
    await queryRunner.query(`ALTER TABLE "race_result_finishers" DROP CONSTRAINT "FK_a829650a56221aff988750469d8"`);
    await queryRunner.query(`ALTER TABLE "current_races" DROP CONSTRAINT "FK_11f781abbde1cab89e6ef1d8cf2"`);
    await queryRunner.query(`ALTER TABLE "current_races" DROP CONSTRAINT "FK_d0c86951e4a65c5ad4776185dfe"`);
    await queryRunner.query(`ALTER TABLE "current_race_entries" DROP CONSTRAINT "FK_399e4ac6d6bf6e4fcbf37a9499b"`);
    await queryRunner.query(`ALTER TABLE "current_race_entries" DROP CONSTRAINT "FK_b8130ba1edc4dbbf0453a9e0812"`);
    await queryRunner.query(`ALTER TABLE "current_race_entries" DROP CONSTRAINT "FK_d1056b52614cb7e4d0a7a4df180"`);
    await queryRunner.query(`ALTER TABLE "races" DROP CONSTRAINT "FK_bf299a462515585608e14ac6b82"`);
    await queryRunner.query(`ALTER TABLE "race_entries" DROP CONSTRAINT "FK_26620c67844ed2cb214f1e2ff56"`);
    await queryRunner.query(`ALTER TABLE "race_entries" DROP CONSTRAINT "FK_b4995d6ebc745f000ab63cf7c3c"`);
    await queryRunner.query(`ALTER TABLE "race_entries" DROP CONSTRAINT "FK_3fd60ef252c315b5e80c20517b8"`);
    await queryRunner.query(`ALTER TABLE "race_entries" DROP CONSTRAINT "FK_bb735158309a34f9e432b2aeed2"`);
    await queryRunner.query(`ALTER TABLE "race_entries" DROP CONSTRAINT "FK_5fb39968b9588a6011d183e5826"`);
    await queryRunner.query(`ALTER TABLE "past_performances" DROP CONSTRAINT "FK_e7c57ee886de19fe04b128f27d4"`);
    await queryRunner.query(`ALTER TABLE "past_performances" DROP CONSTRAINT "FK_23ff08fee1d4cd6a0b2f9ce7a40"`);
    await queryRunner.query(`ALTER TABLE "auction_horses" DROP CONSTRAINT "FK_632e3e375c8ad87415152998e09"`);
    await queryRunner.query(`ALTER TABLE "horses" DROP CONSTRAINT "FK_1490f2b071647d9c6e1d48e2701"`);
    await queryRunner.query(`ALTER TABLE "horses" DROP CONSTRAINT "FK_00cee6cce29c83289f3e5f5c650"`);
    await queryRunner.query(`ALTER TABLE "horses" DROP CONSTRAINT "FK_b7fc343fd4fcbe9d509e6e5f8fe"`);
    await queryRunner.query(`ALTER TABLE "horses" DROP CONSTRAINT "FK_0759924f3e89bafe90492eb6b2f"`);
    await queryRunner.query(`ALTER TABLE "horses" DROP CONSTRAINT "FK_cd33a8eacdfb05940007ec67011"`);
    await queryRunner.query(`ALTER TABLE "sessions" DROP CONSTRAINT "FK_085d540d9f418cfbdc7bd55bb19"`);
    await queryRunner.query(`DROP INDEX "public"."ix_bets_user_bet_date"`);
    await queryRunner.query(`DROP INDEX "public"."ux_bets_user_idempotency"`);
    await queryRunner.query(`DROP INDEX "public"."ix_bets_status"`);
    await queryRunner.query(`DROP INDEX "public"."ix_bets_track_id"`);
    await queryRunner.query(`DROP INDEX "public"."ix_bets_bet_type_id"`);
    await queryRunner.query(`DROP TABLE "bets"`);
    await queryRunner.query(`DROP TABLE "bet_selections"`);
    await queryRunner.query(`DROP INDEX "public"."ix_bet_legs_current_race_id"`);
    await queryRunner.query(`DROP TABLE "bet_legs"`);
    await queryRunner.query(`DROP TABLE "created_race_entries"`);
    await queryRunner.query(`DROP INDEX "public"."ix_created_races_user_id"`);
    await queryRunner.query(`DROP INDEX "public"."ix_created_races_track_id"`);
    await queryRunner.query(`DROP TABLE "created_races"`);
    await queryRunner.query(`DROP TABLE "insurance_quote_requests"`);
    await queryRunner.query(`DROP INDEX "public"."ix_race_results_finished_at"`);
    await queryRunner.query(`DROP INDEX "public"."ix_race_results_winner_horse_id"`);
    await queryRunner.query(`DROP TABLE "race_results"`);
    await queryRunner.query(`DROP INDEX "public"."ux_race_result_finishers_result_horse"`);
    await queryRunner.query(`DROP INDEX "public"."ix_race_result_finishers_owner_id"`);
    await queryRunner.query(`DROP INDEX "public"."ix_race_result_finishers_trainer_id"`);
    await queryRunner.query(`DROP INDEX "public"."ix_race_result_finishers_jockey_id"`);
    await queryRunner.query(`DROP INDEX "public"."ix_race_result_finishers_horse_id"`);
    await queryRunner.query(`DROP TABLE "race_result_finishers"`);
    await queryRunner.query(`DROP INDEX "public"."ux_current_races_track_date_number"`);
    await queryRunner.query(`DROP INDEX "public"."ix_current_races_status_post_time"`);
    await queryRunner.query(`DROP INDEX "public"."ix_current_races_race_id"`);
    await queryRunner.query(`DROP TABLE "current_races"`);
    await queryRunner.query(`DROP INDEX "public"."ux_current_race_entries_race_horse"`);
    await queryRunner.query(`DROP INDEX "public"."ix_current_race_entries_jockey_id"`);
    await queryRunner.query(`DROP INDEX "public"."ix_current_race_entries_horse_id"`);
    await queryRunner.query(`DROP TABLE "current_race_entries"`);
    await queryRunner.query(`DROP INDEX "public"."ix_races_track_date_number"`);
    await queryRunner.query(`DROP INDEX "public"."ix_races_purse_cents"`);
    await queryRunner.query(`DROP INDEX "public"."ix_races_track_condition"`);
    await queryRunner.query(`DROP INDEX "public"."ix_races_surface_type"`);
    await queryRunner.query(`DROP INDEX "public"."ix_races_weather"`);
    await queryRunner.query(`DROP INDEX "public"."ix_races_meters"`);
    await queryRunner.query(`DROP INDEX "public"."ix_races_furlongs"`);
    await queryRunner.query(`DROP INDEX "public"."ix_races_miles"`);
    await queryRunner.query(`DROP INDEX "public"."ix_races_location"`);
    await queryRunner.query(`DROP INDEX "public"."ix_races_num_horses"`);
    await queryRunner.query(`DROP INDEX "public"."ix_races_race_class"`);
    await queryRunner.query(`DROP INDEX "public"."ix_races_starting_time"`);
    await queryRunner.query(`DROP INDEX "public"."ix_races_race_number"`);
    await queryRunner.query(`DROP INDEX "public"."ix_races_race_date"`);
    await queryRunner.query(`DROP INDEX "public"."ix_races_race_name"`);
    await queryRunner.query(`DROP TABLE "races"`);
    await queryRunner.query(`DROP INDEX "public"."ix_tracks_purse_cents"`);
    await queryRunner.query(`DROP INDEX "public"."ix_tracks_post_time"`);
    await queryRunner.query(`DROP INDEX "public"."ix_tracks_meters"`);
    await queryRunner.query(`DROP INDEX "public"."ix_tracks_furlongs"`);
    await queryRunner.query(`DROP INDEX "public"."ix_tracks_miles"`);
    await queryRunner.query(`DROP INDEX "public"."ix_tracks_weather"`);
    await queryRunner.query(`DROP INDEX "public"."ix_tracks_track_condition"`);
    await queryRunner.query(`DROP INDEX "public"."ix_tracks_surface_type"`);
    await queryRunner.query(`DROP INDEX "public"."ix_tracks_race_intervals"`);
    await queryRunner.query(`DROP INDEX "public"."ix_tracks_daily_races"`);
    await queryRunner.query(`DROP INDEX "public"."ix_tracks_start_time"`);
    await queryRunner.query(`DROP INDEX "public"."ix_tracks_location"`);
    await queryRunner.query(`DROP TABLE "tracks"`);
    await queryRunner.query(`DROP INDEX "public"."ux_race_entries_race_horse"`);
    await queryRunner.query(`DROP INDEX "public"."ix_race_entries_owner_id"`);
    await queryRunner.query(`DROP INDEX "public"."ix_race_entries_trainer_id"`);
    await queryRunner.query(`DROP INDEX "public"."ix_race_entries_jockey_id"`);
    await queryRunner.query(`DROP INDEX "public"."ix_race_entries_horse_id"`);
    await queryRunner.query(`DROP TABLE "race_entries"`);
    await queryRunner.query(`DROP INDEX "public"."ix_past_performances_jockey_id"`);
    await queryRunner.query(`DROP TABLE "past_performances"`);
    await queryRunner.query(`DROP TABLE "images"`);
    await queryRunner.query(`DROP TABLE "bet_types"`);
    await queryRunner.query(`DROP TABLE "sales_contracts"`);
    await queryRunner.query(`DROP INDEX "public"."ix_auction_horses_horse_id"`);
    await queryRunner.query(`DROP TABLE "auction_horses"`);
    await queryRunner.query(`DROP INDEX "public"."ix_horses_earnings_cents"`);
    await queryRunner.query(`DROP INDEX "public"."ix_horses_user_id"`);
    await queryRunner.query(`DROP INDEX "public"."ix_horses_owner_id"`);
    await queryRunner.query(`DROP INDEX "public"."ix_horses_trainer_id"`);
    await queryRunner.query(`DROP INDEX "public"."ix_horses_jockey_id"`);
    await queryRunner.query(`DROP INDEX "public"."ix_horses_breeder"`);
    await queryRunner.query(`DROP INDEX "public"."ix_horses_dam"`);
    await queryRunner.query(`DROP INDEX "public"."ix_horses_sire"`);
    await queryRunner.query(`DROP INDEX "public"."ix_horses_weight_lbs"`);
    await queryRunner.query(`DROP INDEX "public"."ix_horses_height_hands"`);
    await queryRunner.query(`DROP INDEX "public"."ix_horses_color"`);
    await queryRunner.query(`DROP INDEX "public"."ix_horses_gender"`);
    await queryRunner.query(`DROP INDEX "public"."ix_horses_age"`);
    await queryRunner.query(`DROP INDEX "public"."ix_horses_dob"`);
    await queryRunner.query(`DROP INDEX "public"."ix_horses_breed_id"`);
    await queryRunner.query(`DROP INDEX "public"."ix_horses_horse_number"`);
    await queryRunner.query(`DROP TABLE "horses"`);
    await queryRunner.query(`DROP INDEX "public"."ix_trainers_trainer_name"`);
    await queryRunner.query(`DROP TABLE "trainers"`);
    await queryRunner.query(`DROP INDEX "public"."ix_owners_owner_name"`);
    await queryRunner.query(`DROP TABLE "owners"`);
    await queryRunner.query(`DROP INDEX "public"."ix_jockeys_earnings_cents"`);
    await queryRunner.query(`DROP INDEX "public"."ix_jockeys_jockey_name"`);
    await queryRunner.query(`DROP TABLE "jockeys"`);
    await queryRunner.query(`DROP TABLE "breeds"`);
    await queryRunner.query(`DROP INDEX "public"."ix_sessions_user_status"`);
    await queryRunner.query(`DROP TABLE "sessions"`);
    await queryRunner.query(`DROP INDEX "public"."ix_users_role"`);
    await queryRunner.query(`DROP TABLE "users"`);
  }
}
