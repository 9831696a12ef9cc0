import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

interface BetTypeMaps {
  idByName: Map<string, number>;
  nameById: Map<number, string>;
}

/**
 * bet_types ids and names for other modules. The rows are reference data fixed by the seed, so each
 * process reads them once and answers from memory after that. Inside a transaction pass its manager:
 * the embedded PGlite is one session, and a query beside the transaction would wait for it forever.
 */
@Injectable()
export class BetTypeIds {
  private maps?: Promise<BetTypeMaps>;

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async idOf(name: string, runner: EntityManager | DataSource = this.dataSource): Promise<number | undefined> {
    return (await this.load(runner)).idByName.get(name);
  }

  async nameOf(id: number, runner: EntityManager | DataSource = this.dataSource): Promise<string | undefined> {
    return (await this.load(runner)).nameById.get(id);
  }

  private load(runner: EntityManager | DataSource): Promise<BetTypeMaps> {
    this.maps ??= runner
      .query('SELECT id, bet_type FROM bet_types')
      .then((rows: { id: number; bet_type: string }[]) => ({
        idByName: new Map(rows.map((r) => [r.bet_type, r.id])),
        nameById: new Map(rows.map((r) => [r.id, r.bet_type])),
      }))
      .catch((err: unknown) => {
        this.maps = undefined;
        throw err;
      });
    return this.maps;
  }
}
