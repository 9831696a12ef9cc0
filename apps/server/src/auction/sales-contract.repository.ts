import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export interface ContractRow {
  id: number;
  contract_date: string;
  seller_name: string;
  buyer_name: string;
  horse_name: string;
  purchase_price_cents: number;
  payment_days: number;
  delivery_days: number;
  state: string;
  seller_signature: string | null;
  seller_signed_at: Date | null;
  buyer_signature: string | null;
  buyer_signed_at: Date | null;
  seller_user_id: number | null;
  buyer_user_id: number | null;
  lot_id: number | null;
  created_at: Date;
}

export type NewContract = Omit<ContractRow, 'id' | 'created_at'>;

const COLUMNS = `id, contract_date, seller_name, buyer_name, horse_name, purchase_price_cents, payment_days, delivery_days,
  state, seller_signature, seller_signed_at, buyer_signature, buyer_signed_at, seller_user_id, buyer_user_id, lot_id, created_at`;

/** The sales contracts table. */
@Injectable()
export class SalesContractRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async insert(m: EntityManager | DataSource, c: NewContract): Promise<number> {
    const [row]: { id: number }[] = await m.query(
      `INSERT INTO sales_contracts (contract_date, seller_name, buyer_name, horse_name, purchase_price_cents, payment_days,
                                    delivery_days, state, seller_signature, seller_signed_at, buyer_signature,
                                    buyer_signed_at, seller_user_id, buyer_user_id, lot_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
       ON CONFLICT (lot_id) DO NOTHING RETURNING id`,
      [
        c.contract_date,
        c.seller_name,
        c.buyer_name,
        c.horse_name,
        c.purchase_price_cents,
        c.payment_days,
        c.delivery_days,
        c.state,
        c.seller_signature,
        c.seller_signed_at,
        c.buyer_signature,
        c.buyer_signed_at,
        c.seller_user_id,
        c.buyer_user_id,
        c.lot_id,
      ],
    );
    return row?.id ?? 0;
  }

  /** A user's contracts as seller or buyer, newest first. */
  async of(userId: number, limit = 200): Promise<ContractRow[]> {
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM sales_contracts WHERE seller_user_id = $1 OR buyer_user_id = $1 ORDER BY id DESC LIMIT $2`,
      [userId, limit],
    );
  }

  async byId(
    id: number,
    m: EntityManager | DataSource = this.dataSource,
    lock = false,
  ): Promise<ContractRow | undefined> {
    const [row]: ContractRow[] = await m.query(
      `SELECT ${COLUMNS} FROM sales_contracts WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return row;
  }

  async sign(m: EntityManager, id: number, side: 'seller' | 'buyer', signature: string, at: Date): Promise<void> {
    await m.query(
      side === 'seller'
        ? 'UPDATE sales_contracts SET seller_signature = $2, seller_signed_at = $3 WHERE id = $1'
        : 'UPDATE sales_contracts SET buyer_signature = $2, buyer_signed_at = $3 WHERE id = $1',
      [id, signature, at],
    );
  }
}
