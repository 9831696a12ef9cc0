import { INVALID_BID_MESSAGE } from '@furlong/domain';
import { parseBidAmount } from './bid-amount';

describe(parseBidAmount.name, () => {
  it.each([
    ['1500', 150_000],
    ['$1,500.50', 150_050],
    ['100.5', 10_050],
    [' 250 ', 25_000],
  ])('should read %s as %i cents', (text, cents) => {
    expect(parseBidAmount(text)).toEqual({ ok: true, cents });
  });

  it.each(['', '0', '-5', 'abc', '1.234', '1,50', '1e5', '99999999999'])(
    'should refuse %p with the spec message',
    (text) => {
      expect(parseBidAmount(text)).toEqual({ ok: false, message: INVALID_BID_MESSAGE });
    },
  );
});
