import {
  CUSTOM_FIELD_ENTITIES,
  CUSTOM_FIELD_TYPES,
  type CustomFieldShape,
  checkFieldLabel,
  checkFieldOptions,
  checkFieldValue,
  fieldNameProblem,
} from './custom-fields';

const HORSE_COLUMNS = ['id', 'horse_name', 'dob', 'sire', 'dam'];
const value = (shape: CustomFieldShape, v: unknown) => checkFieldValue(shape, v);
const field = (type: CustomFieldShape['type'], options: string[] | null = null): CustomFieldShape => ({
  type,
  options,
});

// Worked examples from issue 21 ("Custom fields instead of raw columns").
describe('custom fields', () => {
  it('should allow the five entities with a detail page and the six types', () => {
    expect(CUSTOM_FIELD_ENTITIES).toEqual(['horses', 'jockeys', 'trainers', 'owners', 'tracks']);
    expect(CUSTOM_FIELD_TYPES).toEqual(['text', 'integer', 'decimal', 'boolean', 'date', 'one_of']);
  });

  describe(fieldNameProblem.name, () => {
    it('should take a lowercase name of letters, digits and underscores up to 63 characters', () => {
      expect(fieldNameProblem('coat_pattern', HORSE_COLUMNS)).toBeUndefined();
      expect(fieldNameProblem('x', HORSE_COLUMNS)).toBeUndefined();
      expect(fieldNameProblem(`a${'b'.repeat(62)}`, HORSE_COLUMNS)).toBeUndefined();
    });

    it.each([
      'horses"; drop table horses;--',
      'a b',
      'Name',
      '1st',
      '_x',
      '',
      `a${'b'.repeat(63)}`,
      'größe',
      'naïve',
      'a-b',
      "a'b",
    ])('should refuse %j by its pattern', (name) => {
      expect(fieldNameProblem(name, HORSE_COLUMNS)).toMatch(/must start with a lowercase letter/);
    });

    it.each([
      'select',
      'table',
      'drop',
      'from',
      'where',
      'user',
      'order',
      'group',
      'and',
      'or',
      'not',
      'null',
      'true',
      'false',
      'id',
      'created_at',
      'updated_at',
      'xmin',
    ])('should refuse the reserved word %s', (name) => {
      expect(fieldNameProblem(name)).toBe(`'${name}' is a reserved word`);
    });

    it('should refuse a column the entity already has', () => {
      expect(fieldNameProblem('horse_name', HORSE_COLUMNS)).toBe("'horse_name' is already a column of this entity");
      expect(fieldNameProblem('horse_name', ['jockey_name'])).toBeUndefined();
    });
  });

  describe(checkFieldLabel.name, () => {
    it('should make a label from the name when none is given, and trim one that is', () => {
      expect(checkFieldLabel(undefined, 'coat_pattern')).toEqual({ ok: true, value: 'Coat pattern' });
      expect(checkFieldLabel('  ', 'x')).toEqual({ ok: true, value: 'X' });
      expect(checkFieldLabel(' Coat pattern ', 'c')).toEqual({ ok: true, value: 'Coat pattern' });
    });

    it('should refuse a label too long or with control characters', () => {
      expect(checkFieldLabel('x'.repeat(101), 'x').ok).toBe(false);
      expect(checkFieldLabel('a\nb', 'x').ok).toBe(false);
      expect(checkFieldLabel('a\u0000b', 'x').ok).toBe(false);
    });
  });

  describe(checkFieldOptions.name, () => {
    it('should take 1–50 unique options for a one-of list, trimmed', () => {
      expect(checkFieldOptions('one_of', [' bay ', 'grey', 'chestnut'])).toEqual({
        ok: true,
        value: ['bay', 'grey', 'chestnut'],
      });
      expect(
        checkFieldOptions(
          'one_of',
          Array.from({ length: 50 }, (_, i) => `o${i}`),
        ).ok,
      ).toBe(true);
    });

    it.each([
      [[], 'a one-of list needs at least one option'],
      [null, 'a one-of list needs at least one option'],
      [Array.from({ length: 51 }, (_, i) => `${i}`), 'must be at most 50 options'],
      [['bay', ' bay'], "'bay' is listed twice"],
      [['bay', ''], 'option 2 is empty'],
      [['x'.repeat(101)], 'option 1 must be at most 100 characters'],
      [['a\u0007'], 'option 1 must not hold control characters'],
      [[3], 'option 1 must be text'],
    ])('should refuse the options %j: %s', (options, message) => {
      expect(checkFieldOptions('one_of', options)).toEqual({ ok: false, message });
    });

    it('should take no options for the other types', () => {
      expect(checkFieldOptions('text', undefined)).toEqual({ ok: true, value: null });
      expect(checkFieldOptions('integer', [])).toEqual({ ok: true, value: null });
      expect(checkFieldOptions('text', ['a'])).toEqual({ ok: false, message: 'only a one-of list has options' });
    });
  });

  describe(checkFieldValue.name, () => {
    it('should keep text exactly as given, SQL-looking or not, new lines and tabs included', () => {
      for (const text of ["'); DROP TABLE horses;--", 'line one\nline two\tend', '', 'x'.repeat(1_000), 'émoji 🐎']) {
        expect(value(field('text'), text)).toEqual({ ok: true, value: text });
      }
    });

    it.each([
      ['a NUL', 'a\u0000b', 'must not hold control characters (new lines and tabs are fine)'],
      ['a carriage return', 'a\rb', 'must not hold control characters (new lines and tabs are fine)'],
      ['a C1 control', 'a\u009bb', 'must not hold control characters (new lines and tabs are fine)'],
      ['a lone surrogate', '\ud800', 'must be valid Unicode text'],
      ['1,001 characters', 'x'.repeat(1_001), 'must be at most 1000 characters'],
      ['a number', 42, 'must be text'],
    ])('should refuse text with %s', (_what, text, message) => {
      expect(value(field('text'), text)).toEqual({ ok: false, message });
    });

    it('should take a safe integer, as a number or its digits', () => {
      expect(value(field('integer'), 42)).toEqual({ ok: true, value: 42 });
      expect(value(field('integer'), '-7')).toEqual({ ok: true, value: -7 });
      expect(value(field('integer'), Number.MAX_SAFE_INTEGER)).toEqual({ ok: true, value: Number.MAX_SAFE_INTEGER });
      for (const bad of [1.5, 2 ** 53, Number.NaN, Number.POSITIVE_INFINITY, '1.0', '1e3', '', 'abc', true, null]) {
        expect(value(field('integer'), bad).ok).toBe(false);
      }
    });

    it('should keep a decimal as its canonical digits: 12 before the point, 4 after', () => {
      expect(value(field('decimal'), '12.50')).toEqual({ ok: true, value: '12.5' });
      expect(value(field('decimal'), 12.5)).toEqual({ ok: true, value: '12.5' });
      expect(value(field('decimal'), '007')).toEqual({ ok: true, value: '7' });
      expect(value(field('decimal'), '-0.0')).toEqual({ ok: true, value: '0' });
      expect(value(field('decimal'), '-3.1416')).toEqual({ ok: true, value: '-3.1416' });
      expect(value(field('decimal'), '999999999999.9999')).toEqual({ ok: true, value: '999999999999.9999' });
      for (const bad of ['1234567890123', '1.23456', '.5', '5.', '1e3', '1,5', 'abc', '', 0.1 + 0.2, 1e21, true]) {
        expect(value(field('decimal'), bad).ok).toBe(false);
      }
    });

    it('should take true or false', () => {
      expect(value(field('boolean'), true)).toEqual({ ok: true, value: true });
      expect(value(field('boolean'), 'false')).toEqual({ ok: true, value: false });
      for (const bad of [0, 1, 'yes', '', null]) expect(value(field('boolean'), bad).ok).toBe(false);
    });

    it('should take a day of the calendar and nothing else', () => {
      expect(value(field('date'), '2028-02-29')).toEqual({ ok: true, value: '2028-02-29' });
      for (const bad of [
        '2026-02-29',
        '2026-13-01',
        '2026-04-31',
        '0000-01-01',
        '2026-1-1',
        '2026-01-01T00:00',
        20260101,
      ]) {
        expect(value(field('date'), bad)).toEqual({ ok: false, message: 'must be a calendar date as YYYY-MM-DD' });
      }
      expect(value(field('date'), '1900-02-29').ok).toBe(false);
      expect(value(field('date'), '2000-02-29').ok).toBe(true);
    });

    it('should take one of the options, exactly', () => {
      const colors = field('one_of', ['bay', 'grey']);
      expect(value(colors, 'grey')).toEqual({ ok: true, value: 'grey' });
      expect(value(colors, 'Grey')).toEqual({ ok: false, message: "must be one of 'bay', 'grey'" });
      expect(value(colors, 1).ok).toBe(false);
    });
  });
});
