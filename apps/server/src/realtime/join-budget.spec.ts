import { JoinBudget } from './join-budget';

describe(JoinBudget.name, () => {
  const limits = { burst: 10, perSecond: 2, floodRefusals: 20 };

  it('should admit a burst of joins back to back and refuse the next one when the bucket is empty', () => {
    const sut = new JoinBudget(limits, 0);
    const verdicts = Array.from({ length: 11 }, () => sut.take(0));
    expect(verdicts.slice(0, 10)).toEqual(Array(10).fill('admitted'));
    expect(verdicts[10]).toBe('refused');
  });

  it('should give back perSecond joins a second when time passes, never more than the burst', () => {
    const sut = new JoinBudget(limits, 0);
    for (let i = 0; i < 10; i++) sut.take(0);
    expect(sut.take(499)).toBe('refused');
    expect(sut.take(500)).toBe('admitted');
    expect(sut.take(500)).toBe('refused');

    const rested = new JoinBudget(limits, 0);
    const afterAnHour = Array.from({ length: 11 }, () => rested.take(3_600_000));
    expect(afterAnHour.filter((v) => v === 'admitted')).toHaveLength(10);
  });

  it('should call it a flood when floodRefusals joins in a row are refused', () => {
    const sut = new JoinBudget(limits, 0);
    for (let i = 0; i < 10; i++) sut.take(0);
    const refusals = Array.from({ length: 20 }, () => sut.take(0));
    expect(refusals.slice(0, 19)).toEqual(Array(19).fill('refused'));
    expect(refusals[19]).toBe('flood');
  });

  it('should start counting refusals again when a join is admitted in between', () => {
    const sut = new JoinBudget(limits, 0);
    for (let i = 0; i < 10; i++) sut.take(0);
    for (let i = 0; i < 19; i++) sut.take(0);
    expect(sut.take(500)).toBe('admitted');
    expect(sut.take(500)).toBe('refused');
  });

  it('should give nothing back when the clock steps back', () => {
    const sut = new JoinBudget(limits, 10_000);
    for (let i = 0; i < 10; i++) sut.take(10_000);
    expect(sut.take(5_000)).toBe('refused');
    expect(sut.take(10_499)).toBe('refused');
    expect(sut.take(10_500)).toBe('admitted');
  });
});
