import { formatCell, formatRaceNumbers, formatTimeOfDay, formatUtcOffset, trackClockInstant } from './format';

// 00:05 UTC on 23 November is 7:05 PM the evening before in New York (EST, UTC−5).
const AT = '2026-11-23T00:05:09.000Z';

describe(formatTimeOfDay.name, () => {
  it("should show a time of day in the given zone, labelled with the zone's name", () => {
    expect(formatTimeOfDay(AT, { timeZone: 'America/New_York' })).toBe('7:05 PM EST');
    expect(formatTimeOfDay(AT, { timeZone: 'Europe/London' })).toBe('12:05 AM GMT');
    expect(formatTimeOfDay('2026-07-04T23:30:00Z', { timeZone: 'America/Los_Angeles' })).toBe('4:30 PM PDT');
  });

  it('should take ISO text, epoch milliseconds and a Date alike', () => {
    const options = { timeZone: 'America/New_York' };
    expect(formatTimeOfDay(Date.parse(AT), options)).toBe('7:05 PM EST');
    expect(formatTimeOfDay(new Date(AT), options)).toBe('7:05 PM EST');
  });

  it('should add the seconds for a ticking clock, and the day when asked', () => {
    expect(formatTimeOfDay(AT, { timeZone: 'America/New_York', seconds: true })).toBe('7:05:09 PM EST');
    expect(formatTimeOfDay(AT, { timeZone: 'America/New_York', date: true })).toBe('Nov 22, 7:05 PM EST');
  });

  it("should read a track's own clock from its UTC offset, labelled with the offset", () => {
    expect(formatTimeOfDay(AT, { utcOffsetMinutes: -300 })).toBe('7:05 PM UTC\u22125');
    expect(formatTimeOfDay(AT, { utcOffsetMinutes: 600 })).toBe('10:05 AM UTC+10');
    expect(formatTimeOfDay(AT, { utcOffsetMinutes: 0, seconds: true })).toBe('12:05:09 AM UTC');
  });

  it("should use the viewer's own zone when none is given, and still label it", () => {
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(formatTimeOfDay(AT)).toBe(formatTimeOfDay(AT, { timeZone: own }));
    expect(formatTimeOfDay(AT)).toMatch(/^\d{1,2}:\d{2} [AP]M \S+/);
  });

  it('should answer a dash for anything that is not an instant', () => {
    expect(formatTimeOfDay(null)).toBe('—');
    expect(formatTimeOfDay(undefined)).toBe('—');
    expect(formatTimeOfDay('')).toBe('—');
    expect(formatTimeOfDay('13:00:00')).toBe('—');
  });
});

describe(formatUtcOffset.name, () => {
  it.each([
    [0, 'UTC'],
    [-300, 'UTC\u22125'],
    [60, 'UTC+1'],
    [330, 'UTC+5:30'],
    [-570, 'UTC\u22129:30'],
  ])('should label %d minutes as %s', (minutes, label) => {
    expect(formatUtcOffset(minutes)).toBe(label);
  });
});

describe(formatRaceNumbers.name, () => {
  it.each([
    [[5], 'Race 5'],
    [[1, 2, 3, 4, 7], 'Races 1\u20134, 7'],
    [[7, 1, 2], 'Races 1, 2, 7'],
    [[3, 3, 4, 5, 9, 10, 11], 'Races 3\u20135, 9\u201311'],
    [[], ''],
  ])('should write %p as %p', (numbers, text) => {
    expect(formatRaceNumbers(numbers)).toBe(text);
  });
});

describe(trackClockInstant.name, () => {
  it("should turn a track's local clock time on a day into the instant, by its UTC offset", () => {
    expect(trackClockInstant('2026-11-23', '13:00:00', -300)).toBe('2026-11-23T18:00:00.000Z');
    expect(trackClockInstant('2026-11-23', '13:00:00', 600)).toBe('2026-11-23T03:00:00.000Z');
  });

  it('should answer null without a day or a clock time, or for one that is not valid', () => {
    expect(trackClockInstant(null, '13:00:00', 0)).toBeNull();
    expect(trackClockInstant('2026-11-23', null, 0)).toBeNull();
    expect(trackClockInstant('2026-11-31', '13:00:00', 0)).toBeNull();
  });
});

describe(formatCell.name, () => {
  it("should label a track's clock time as track time and show an instant in the viewer's zone", () => {
    expect(formatCell('start_time', '13:05:00')).toBe('1:05 PM track time');
    expect(formatCell('post_time', '00:30')).toBe('12:30 AM track time');
    expect(formatCell('created_at', '2026-11-23T12:05:09.000Z')).toBe(
      formatTimeOfDay('2026-11-23T12:05:09.000Z', { date: true }),
    );
    expect(formatCell('purse_cents', 1_250_000)).toBe('$12,500.00');
    expect(formatCell('track_name', 'Victoria Park')).toBe('Victoria Park');
    expect(formatCell('weather', null)).toBe('—');
  });
});
