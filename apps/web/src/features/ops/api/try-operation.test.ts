import { requestUrl, TryRefused } from './try-operation';

describe(requestUrl.name, () => {
  const idParam = { in: 'path' as const, name: 'id', required: true };

  it('should fill in path values encoded and repeat an array query value', () => {
    const sut = requestUrl(
      '/api/horses/{id}',
      [idParam, { in: 'query', name: 'name', schema: { type: 'array' } }, { in: 'query', name: 'q' }],
      { 'path:id': '../1', 'query:name': 'a, b', 'query:q': '' },
    );
    expect(sut).toBe('/api/horses/..%2F1?name=a&name=b');
  });

  it.each(['/health', '//evil.test/api/x', 'https://evil.test/api/x', '/api/../admin'])(
    'should refuse to send %s (not under /api/ of this origin)',
    (path) => {
      expect(() => requestUrl(path, [], {})).toThrow(TryRefused);
    },
  );

  it('should refuse a path without its path value', () => {
    expect(() => requestUrl('/api/horses/{id}', [idParam], { 'path:id': ' ' })).toThrow(
      'Fill in the path parameter id.',
    );
  });
});
