import type { FastifyRequest } from 'fastify';
import { parseFormBody, parseJsonBody } from './body-parsers';

const request = (contentType: string) => ({ headers: { 'content-type': contentType } }) as unknown as FastifyRequest;
const json = request('application/json');
const form = request('application/x-www-form-urlencoded');

describe('body parsers (as Express body-parser read bodies)', () => {
  it('should read an empty JSON body as {} and objects and arrays as JSON', () => {
    expect(parseJsonBody(json, Buffer.from(''))).toEqual({});
    expect(parseJsonBody(json, Buffer.from(' {"a":[1,"é"]}'))).toEqual({ a: [1, 'é'] });
    expect(parseJsonBody(json, Buffer.from('[1]'))).toEqual([1]);
  });

  it.each(['{"a":', '"text"', '1', 'null', 'true'])('should refuse %s at the top as malformed JSON (400)', (text) => {
    expect(() => parseJsonBody(json, Buffer.from(text))).toThrow(
      expect.objectContaining({ statusCode: 400, status: 400, expose: true, type: 'entity.parse.failed' }),
    );
  });

  it('should refuse a charset that is not a UTF with a 415', () => {
    expect(() => parseJsonBody(request('application/json; charset=latin1'), Buffer.from('{}'))).toThrow(
      expect.objectContaining({ statusCode: 415, type: 'charset.unsupported' }),
    );
    expect(parseJsonBody(request('application/json; charset=UTF-8'), Buffer.from('{"a":1}'))).toEqual({ a: 1 });
  });

  it('should read forms with nested keys and arrays, and refuse more than 1,000 parameters with a 413', () => {
    expect(parseFormBody(form, Buffer.from('a=1&b[c]=2&d=3&d=4&e=x+y'))).toEqual({
      a: '1',
      b: { c: '2' },
      d: ['3', '4'],
      e: 'x y',
    });
    expect(parseFormBody(form, Buffer.from(''))).toEqual({});
    const many = Array.from({ length: 1001 }, (_, i) => `p${i}=1`).join('&');
    expect(() => parseFormBody(form, Buffer.from(many))).toThrow(
      expect.objectContaining({ statusCode: 413, type: 'parameters.too.many' }),
    );
  });
});
