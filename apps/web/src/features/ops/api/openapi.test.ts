import { exampleFor, groupOperations, type OpenApiDocument } from './openapi';

describe(exampleFor.name, () => {
  const doc: OpenApiDocument = {
    components: {
      schemas: {
        Node: {
          type: 'object',
          properties: { name: { type: 'string' }, child: { $ref: '#/components/schemas/Node' } },
        },
        Pick: { anyOf: [{ type: 'null' }, { type: 'integer', minimum: 3 }] },
      },
    },
  };

  it('should follow references and stop at a reference met inside itself', () => {
    expect(exampleFor(doc, { $ref: '#/components/schemas/Node' })).toEqual({ name: 'string', child: null });
  });

  it('should take the first non-null choice and an integer at its minimum', () => {
    expect(exampleFor(doc, { $ref: '#/components/schemas/Pick' })).toBe(3);
  });

  it('should prefer an example, then a default, then the first enum value', () => {
    expect(exampleFor(doc, { type: 'integer', examples: [200], default: 1 })).toBe(200);
    expect(exampleFor(doc, { type: 'boolean', default: true })).toBe(true);
    expect(exampleFor(doc, { type: 'string', enum: ['Win', 'Place'] })).toBe('Win');
    expect(exampleFor(doc, { type: ['string', 'null'], format: 'date' })).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe(groupOperations.name, () => {
  it('should group by first tag, untagged under "other", with path-level parameters merged', () => {
    const sut = groupOperations({
      paths: {
        '/api/a/{id}': {
          parameters: [{ in: 'path', name: 'id', required: true }],
          get: { tags: ['x'] },
          delete: {},
        } as never,
      },
    });
    expect(sut.map((g) => [g.tag, g.operations.map((o) => o.key)])).toEqual([
      ['x', ['get /api/a/{id}']],
      ['other', ['delete /api/a/{id}']],
    ]);
    expect(sut[0]?.operations[0]?.parameters.map((p) => p.name)).toEqual(['id']);
  });
});
