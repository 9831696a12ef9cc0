import type { TableWrites } from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { UsersTableWriter } from '../accounts/users-table-writer';
import { CatalogTableWriters } from '../catalog/catalog-table-writers';
import type { TableWriter } from '../common/table-writer';

/** Why a table takes no write in the table manager: who writes it, and where an admin changes it. */
const READ_ONLY: readonly [readonly string[], string][] = [
  [
    ['bets', 'bet_legs', 'bet_selections', 'bet_slips', 'wager_pools', 'pool_payoffs', 'wager_pool_interests'],
    'Written by wagering only: bets are placed through the bet slip and settled by the tote.',
  ],
  [
    ['wager_crowd_marks', 'featured_picks', 'featured_bonuses'],
    'Written by wagering only, as races are bet, picked and run.',
  ],
  [
    ['ledger_entries', 'ledger_transfers', 'wallet_accounts'],
    'The ledger is written by transfers only; adjust a wallet on the Users page.',
  ],
  [
    ['races', 'race_entries', 'race_results', 'race_result_finishers', 'current_races', 'current_race_entries'],
    'Written by the racing scheduler: cards are made, run and resulted by it (scratches are made on the race’s page).',
  ],
  [
    ['past_performances', 'race_fair_odds', 'predictor_weights'],
    'Derived from results by the catalog and the handicapping engine; the scan and insert rebuilds what is missing.',
  ],
  [
    ['horses', 'images', 'breeds', 'bet_types'],
    'The catalog’s horses and reference data come from the seed, the stable and the auction; the code relies on them as they are.',
  ],
  [
    [
      'stable_horses',
      'stable_entries',
      'stable_care',
      'stable_breedings',
      'stable_notices',
      'created_races',
      'created_race_entries',
    ],
    'Written by the stable for its users, under its rules.',
  ],
  [
    ['auction_sales', 'auction_horses', 'auction_bids', 'auction_sale_invites', 'sales_contracts'],
    'Written by the auction: sales are made on its admin page, bids and contracts by its members.',
  ],
  [['free_boards', 'free_picks'], 'Written by free racing as its boards run.'],
  [
    ['contact_messages', 'insurance_quote_requests', 'transport_quote_requests', 'outbox_mails'],
    'Written by the site’s forms and sent by the outbox (see the Outbox page).',
  ],
  [['news_items'], 'Written by the news feed.'],
  [['user_settings'], 'Each user’s own settings, changed on their Settings page.'],
];
const READ_ONLY_REASON = new Map(READ_ONLY.flatMap(([tables, why]) => tables.map((t) => [t, why] as const)));
const DEFAULT_READ_ONLY = 'Written only by the module that owns it, where its rules hold.';

/**
 * The table manager's writers (issue 21): each provided by the module that owns the table (the
 * catalog: jockeys, trainers, owners, tracks; accounts: users). The admin module only dispatches
 * to them; every other table is read-only here, with who writes it.
 */
@Injectable()
export class TableWriters {
  private readonly byTable: ReadonlyMap<string, TableWriter>;

  constructor(
    @Inject(CatalogTableWriters) catalog: CatalogTableWriters,
    @Inject(UsersTableWriter) users: UsersTableWriter,
  ) {
    this.byTable = new Map([...catalog.writers(), users.writer()].map((w) => [w.table, w]));
  }

  get(table: string): TableWriter | undefined {
    return this.byTable.get(table);
  }

  /** What may be done to a table's rows here, and why not the rest. */
  writes(table: string): TableWrites {
    const w = this.byTable.get(table);
    if (!w) return { create: false, update: false, delete: false, reason: readOnlyReason(table) };
    return { create: !!w.create, update: !!w.update, delete: !!w.delete, reason: w.reason };
  }
}

export function readOnlyReason(table: string): string {
  return READ_ONLY_REASON.get(table) ?? DEFAULT_READ_ONLY;
}
