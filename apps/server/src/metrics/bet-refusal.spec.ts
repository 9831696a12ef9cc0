import { ConflictException, InternalServerErrorException } from '@nestjs/common';
import { InsufficientFundsException } from '../accounts/ledger.service';
import { InvalidRequestException } from '../common/api-error';
import { BettingClosedException } from '../wagering/bet.service';
import { betRefusal } from './bet-refusal';

describe(betRefusal.name, () => {
  it('should name a refusal by the reason its answer gives', () => {
    expect(betRefusal(new BettingClosedException('bets[0].race_ids[0]', 7))).toBe('betting_closed');
    expect(betRefusal(new InsufficientFundsException(100, 200))).toBe('insufficient_funds');
  });

  it('should name a refusal without a known reason by its status', () => {
    expect(betRefusal(new InvalidRequestException([{ field: 'bets[0]', reason: 'x' }]))).toBe('invalid');
    expect(betRefusal(new ConflictException({ message: 'Retry the slip', reason: 'race 12 busy' }))).toBe('conflict');
  });

  it('should not count a server error or a bug as a refusal', () => {
    expect(betRefusal(new InternalServerErrorException())).toBeUndefined();
    expect(betRefusal(new Error('boom'))).toBeUndefined();
  });
});
