import { AuthThrottle } from '../accounts/entities/auth-throttle.entity';
import { LedgerEntry } from '../accounts/entities/ledger-entry.entity';
import { LedgerTransfer } from '../accounts/entities/ledger-transfer.entity';
import { LoginLinkRedemption } from '../accounts/entities/login-link-redemption.entity';
import { LoginPass } from '../accounts/entities/login-pass.entity';
import { Session } from '../accounts/entities/session.entity';
import { User } from '../accounts/entities/user.entity';
import { UserSettingsRow } from '../accounts/entities/user-settings.entity';
import { WalletAccount } from '../accounts/entities/wallet-account.entity';
import { AuctionBidRow } from '../auction/entities/auction-bid.entity';
import { AuctionHorse } from '../auction/entities/auction-horse.entity';
import { AuctionSaleRow } from '../auction/entities/auction-sale.entity';
import { AuctionSaleInviteRow } from '../auction/entities/auction-sale-invite.entity';
import { SalesContract } from '../auction/entities/sales-contract.entity';
import { AuditEntryRow } from '../audit/entities/audit-entry.entity';
import { BetType } from '../catalog/entities/bet-type.entity';
import { Breed } from '../catalog/entities/breed.entity';
import { Horse } from '../catalog/entities/horse.entity';
import { Image } from '../catalog/entities/image.entity';
import { Jockey } from '../catalog/entities/jockey.entity';
import { Owner } from '../catalog/entities/owner.entity';
import { PastPerformance } from '../catalog/entities/past-performance.entity';
import { Race } from '../catalog/entities/race.entity';
import { RaceEntry } from '../catalog/entities/race-entry.entity';
import { RaceResult } from '../catalog/entities/race-result.entity';
import { RaceResultFinisher } from '../catalog/entities/race-result-finisher.entity';
import { Track } from '../catalog/entities/track.entity';
import { Trainer } from '../catalog/entities/trainer.entity';
import { ContactMessageRow } from '../content/entities/contact-message.entity';
import { InsuranceQuoteRequest } from '../content/entities/insurance-quote-request.entity';
import { NewsItemRow } from '../content/entities/news-item.entity';
import { OutboxMailRow } from '../content/entities/outbox-mail.entity';
import { TransportQuoteRequestRow } from '../content/entities/transport-quote-request.entity';
import { CustomFieldRow } from '../custom-fields/entities/custom-field.entity';
import { CustomFieldValueRow } from '../custom-fields/entities/custom-field-value.entity';
import { RaceFairOdds } from '../fair-odds/entities/race-fair-odds.entity';
import { FreeBoardRow } from '../free-racing/entities/free-board.entity';
import { FreePickRow } from '../free-racing/entities/free-pick.entity';
import { PredictorWeightsRow } from '../handicapping/entities/predictor-weights.entity';
import { CurrentRace } from '../racing/entities/current-race.entity';
import { CurrentRaceEntry } from '../racing/entities/current-race-entry.entity';
import { CreatedRace } from '../stable/entities/created-race.entity';
import { CreatedRaceEntry } from '../stable/entities/created-race-entry.entity';
import { StableBreedingRow } from '../stable/entities/stable-breeding.entity';
import { StableCareRow } from '../stable/entities/stable-care.entity';
import { StableEntryRow } from '../stable/entities/stable-entry.entity';
import { StableHorseRow } from '../stable/entities/stable-horse.entity';
import { StableNoticeRow } from '../stable/entities/stable-notice.entity';
import { Bet } from '../wagering/entities/bet.entity';
import { BetLeg } from '../wagering/entities/bet-leg.entity';
import { BetSelection } from '../wagering/entities/bet-selection.entity';
import { BetSlip } from '../wagering/entities/bet-slip.entity';
import { FeaturedBonus } from '../wagering/entities/featured-bonus.entity';
import { FeaturedPick } from '../wagering/entities/featured-pick.entity';
import { PoolPayoff } from '../wagering/entities/pool-payoff.entity';
import { WagerCrowdMark } from '../wagering/entities/wager-crowd-mark.entity';
import { WagerPool } from '../wagering/entities/wager-pool.entity';
import { WagerPoolInterest } from '../wagering/entities/wager-pool-interest.entity';

/** Every entity of the schema; the committed migrations must produce exactly these tables. */
export const ENTITIES = [
  User,
  AuditEntryRow,
  UserSettingsRow,
  Session,
  WalletAccount,
  LedgerTransfer,
  LedgerEntry,
  LoginPass,
  LoginLinkRedemption,
  AuthThrottle,
  Breed,
  BetType,
  Jockey,
  Trainer,
  Owner,
  Horse,
  Image,
  Track,
  Race,
  RaceEntry,
  RaceResult,
  RaceResultFinisher,
  PastPerformance,
  CurrentRace,
  CurrentRaceEntry,
  CreatedRace,
  CreatedRaceEntry,
  StableHorseRow,
  StableEntryRow,
  StableNoticeRow,
  StableCareRow,
  StableBreedingRow,
  Bet,
  BetLeg,
  BetSelection,
  BetSlip,
  WagerPool,
  WagerPoolInterest,
  FeaturedPick,
  FeaturedBonus,
  WagerCrowdMark,
  PoolPayoff,
  AuctionSaleRow,
  AuctionSaleInviteRow,
  AuctionHorse,
  AuctionBidRow,
  SalesContract,
  InsuranceQuoteRequest,
  TransportQuoteRequestRow,
  ContactMessageRow,
  OutboxMailRow,
  NewsItemRow,
  FreeBoardRow,
  FreePickRow,
  PredictorWeightsRow,
  RaceFairOdds,
  CustomFieldRow,
  CustomFieldValueRow,
];
