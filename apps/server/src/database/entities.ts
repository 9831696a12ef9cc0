import { AuthThrottle } from '../accounts/entities/auth-throttle.entity';
import { LedgerEntry } from '../accounts/entities/ledger-entry.entity';
import { LedgerTransfer } from '../accounts/entities/ledger-transfer.entity';
import { LoginLinkRedemption } from '../accounts/entities/login-link-redemption.entity';
import { LoginPass } from '../accounts/entities/login-pass.entity';
import { Session } from '../accounts/entities/session.entity';
import { User } from '../accounts/entities/user.entity';
import { WalletAccount } from '../accounts/entities/wallet-account.entity';
import { AuctionHorse } from '../auction/entities/auction-horse.entity';
import { SalesContract } from '../auction/entities/sales-contract.entity';
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
import { InsuranceQuoteRequest } from '../content/entities/insurance-quote-request.entity';
import { CurrentRace } from '../racing/entities/current-race.entity';
import { CurrentRaceEntry } from '../racing/entities/current-race-entry.entity';
import { CreatedRace } from '../stable/entities/created-race.entity';
import { CreatedRaceEntry } from '../stable/entities/created-race-entry.entity';
import { Bet } from '../wagering/entities/bet.entity';
import { BetLeg } from '../wagering/entities/bet-leg.entity';
import { BetSelection } from '../wagering/entities/bet-selection.entity';
import { BetSlip } from '../wagering/entities/bet-slip.entity';
import { PoolPayoff } from '../wagering/entities/pool-payoff.entity';
import { WagerCrowdMark } from '../wagering/entities/wager-crowd-mark.entity';
import { WagerPool } from '../wagering/entities/wager-pool.entity';
import { WagerPoolInterest } from '../wagering/entities/wager-pool-interest.entity';

/** Every entity of the schema; the committed migrations must produce exactly these tables. */
export const ENTITIES = [
  User,
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
  Bet,
  BetLeg,
  BetSelection,
  BetSlip,
  WagerPool,
  WagerPoolInterest,
  WagerCrowdMark,
  PoolPayoff,
  AuctionHorse,
  SalesContract,
  InsuranceQuoteRequest,
];
