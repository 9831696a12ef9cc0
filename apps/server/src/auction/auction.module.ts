import { Module } from '@nestjs/common';

/**
 * The horse auction: lots, live bidding, closing, results and sales contracts. Its tables
 * (auction_horses, sales_contracts; entities/) are its own; its features come in a later issue.
 */
@Module({})
export class AuctionModule {}
