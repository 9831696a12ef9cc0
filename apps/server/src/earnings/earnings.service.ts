import {
  EARNINGS_LIMITS,
  type EarningsConnectionKind,
  type EarningsHorsesPage,
  type EarningsKind,
  type EarningsPageQuery,
  type EarningsStartsPage,
  type EarningsSummaryResponse,
} from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { EarningsFigures } from '../catalog/earnings-figures';
import { notFound } from '../common/api-error';
import { chooseBucket } from './earnings-bucket';

const LABEL: Record<EarningsKind, string> = {
  horses: 'Horse',
  jockeys: 'Jockey',
  trainers: 'Trainer',
  owners: 'Owner',
};

/** Purse money won, from the official results: per horse, jockey, trainer or owner. */
@Injectable()
export class EarningsService {
  constructor(@Inject(EarningsFigures) private readonly figures: EarningsFigures) {}

  async summary(kind: EarningsKind, id: number): Promise<EarningsSummaryResponse> {
    const name = await this.nameOf(kind, id);
    const { totals, byYear, byTrack } = await this.figures.groups(kind, id);
    const bucket = chooseBucket(totals.spans);
    const timeline = totals.starts > 0 ? await this.figures.timeline(kind, id, bucket) : [];
    const { spans: _spans, ...figures } = totals;
    return {
      kind,
      id,
      name,
      ...figures,
      bucket,
      timeline,
      by_year: byYear,
      by_track: byTrack.slice(0, EARNINGS_LIMITS.byTrack),
      tracks_total: byTrack.length,
    };
  }

  async starts(kind: EarningsKind, id: number, { limit, offset }: EarningsPageQuery): Promise<EarningsStartsPage> {
    await this.nameOf(kind, id);
    const [items, total] = await Promise.all([
      this.figures.starts(kind, id, limit, offset),
      this.figures.countStarts(kind, id),
    ]);
    return { items, total, limit, offset };
  }

  async horses(
    kind: EarningsConnectionKind,
    id: number,
    { limit, offset }: EarningsPageQuery,
  ): Promise<EarningsHorsesPage> {
    await this.nameOf(kind, id);
    return { ...(await this.figures.horses({ kind, id }, limit, offset)), limit, offset };
  }

  async allHorses({ limit, offset }: EarningsPageQuery): Promise<EarningsHorsesPage> {
    return { ...(await this.figures.horses(undefined, limit, offset)), limit, offset };
  }

  private async nameOf(kind: EarningsKind, id: number): Promise<string> {
    const name = await this.figures.findName(kind, id);
    if (name === undefined) throw notFound(LABEL[kind], id);
    return name;
  }
}
