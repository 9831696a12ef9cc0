import { fitsStoredColumn, likePattern } from './list-query';

describe(likePattern.name, () => {
  it('should escape LIKE wildcards so they match literally', () => {
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

describe(fitsStoredColumn.name, () => {
  it.each([
    ['smallint', 32_767, true],
    ['smallint', 32_768, false],
    ['integer', -2_147_483_648, true],
    ['integer', 2_147_483_648, false],
    ['bigint', Number.MAX_SAFE_INTEGER, true],
    ['bigint', 1e20, false],
    ['bigint', 1.5, false],
    ['numeric', 1e300, true],
    ['text', 'anything', true],
  ])('should say whether a %s column can hold %p when it is given that value', (sqlType, value, fits) => {
    expect(fitsStoredColumn({ sqlType, array: true }, value)).toBe(fits);
  });
});
