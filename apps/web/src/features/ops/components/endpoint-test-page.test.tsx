import { CSRF_HEADER } from '@furlong/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { json } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute, resetMember } from '../../../../test/render';
import type { OpenApiDocument } from '../api/openapi';

// A small document in the shape the server generates (paths, parameters, $ref bodies, tags, security).
const DOC: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Furlong', version: '1.0.0' },
  paths: {
    '/api/horses': {
      get: {
        tags: ['catalog'],
        summary: 'List horses',
        parameters: [
          { in: 'query', name: 'limit', schema: { type: 'integer', minimum: 1, default: 25 } },
          { in: 'query', name: 'order', schema: { type: 'string', enum: ['asc', 'desc'], default: 'asc' } },
        ],
      },
    },
    '/api/horses/{id}': {
      get: {
        tags: ['catalog'],
        summary: 'One horse by id',
        parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'integer', minimum: 1 } }],
      },
    },
    '/api/health': { get: { tags: ['health'], summary: 'Whether the server is up' } },
    '/api/bets': {
      post: {
        tags: ['wagering'],
        summary: 'Place a slip of bets',
        security: [{ session: [] }],
        parameters: [{ in: 'header', name: 'idempotency-key', required: true, schema: { type: 'string' } }],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/PlaceBetsRequest' } } },
        },
        responses: { '201': { description: 'Success' }, '409': { description: 'betting closed' } },
      },
    },
  },
  components: {
    schemas: {
      PlaceBetsRequest: {
        type: 'object',
        properties: { bets: { type: 'array', items: { $ref: '#/components/schemas/BetRequest' } } },
      },
      BetRequest: {
        type: 'object',
        properties: {
          bet_type: { type: 'string', enum: ['Win', 'Place'] },
          race_ids: { type: 'array', items: { type: 'integer', minimum: 1 } },
          amount_cents: { type: 'integer', examples: [200] },
          box: { type: 'boolean', default: false },
        },
      },
    },
  },
};

const operation = (name: RegExp) => screen.findByRole('button', { name });

describe('EndpointTestPage', () => {
  beforeEach(() => {
    asMember('Olive', { role: 'operator' });
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API, and the client reads document.cookie
    document.cookie = 'furlong_csrf=token-123; path=/';
  });
  afterEach(() => resetMember());

  it('should list the operations grouped by tag with method, path and summary', async () => {
    mockApi({ '/api/docs-json': () => DOC });
    renderRoute('/endpoint-test');
    const catalog = await screen.findByRole('region', { name: 'catalog' });
    expect(
      within(catalog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['GET /api/horses List horses', 'GET /api/horses/{id} One horse by id']);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'catalog',
      'health',
      'wagering',
    ]);
    expect(screen.getByText('4 operations, API 1.0.0')).toBeInTheDocument();
  });

  it('should show the parameters with their defaults and send a GET with the query', async () => {
    const { calls } = mockApi({ '/api/docs-json': () => DOC, '/api/horses': () => ({ items: [], total: 0 }) });
    renderRoute('/endpoint-test');
    fireEvent.click(await operation(/^GET \/api\/horses List/));
    expect(screen.getByLabelText(/^limit/)).toHaveValue('25');
    expect(screen.getByLabelText(/^order/)).toHaveValue('asc');
    fireEvent.change(screen.getByLabelText(/^limit/), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Try' }));
    expect(await screen.findByTestId('try-status')).toHaveTextContent('200');
    expect(screen.getByTestId('try-ms')).toHaveTextContent(/^\d+ ms$/);
    expect(screen.getByTestId('try-body')).toHaveTextContent('"total": 0');
    expect(calls.at(-1)?.search).toBe('?limit=5&order=asc');
  });

  it('should not send a path without its path value', async () => {
    const { calls } = mockApi({ '/api/docs-json': () => DOC });
    renderRoute('/endpoint-test');
    fireEvent.click(await operation(/^GET \/api\/horses\/\{id\}/));
    fireEvent.click(screen.getByRole('button', { name: 'Try' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Fill in the path parameter id.');
    expect(calls.map((u) => u.pathname)).toEqual(['/api/docs-json']);
  });

  it('should prefill the body from the schema and send it with the CSRF header, showing a refusal', async () => {
    const { fetchMock } = mockApi({
      '/api/docs-json': () => DOC,
      '/api/bets': () => json(409, { statusCode: 409, message: 'Betting is closed for this race' }),
    });
    renderRoute('/endpoint-test');
    fireEvent.click(await operation(/^POST \/api\/bets/));
    const editor = screen.getByLabelText('Body (JSON)') as HTMLTextAreaElement;
    expect(JSON.parse(editor.value)).toEqual({
      bets: [{ bet_type: 'Win', race_ids: [1], amount_cents: 200, box: false }],
    });
    expect((screen.getByLabelText(/^idempotency-key/) as HTMLInputElement).value).toMatch(/^explorer-/);
    fireEvent.click(screen.getByRole('button', { name: 'Try' }));
    expect(await screen.findByTestId('try-status')).toHaveTextContent('409');
    expect(screen.getByTestId('try-body')).toHaveTextContent('Betting is closed for this race');
    const [url, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
    expect(url).toBe('/api/bets');
    expect(init.method).toBe('POST');
    const headers = init.headers as Record<string, string>;
    expect(headers[CSRF_HEADER]).toBe('token-123');
    expect(headers['idempotency-key']).toMatch(/^explorer-/);
    expect(JSON.parse(String(init.body))).toEqual({
      bets: [{ bet_type: 'Win', race_ids: [1], amount_cents: 200, box: false }],
    });
  });

  it('should refuse a body that is not JSON', async () => {
    mockApi({ '/api/docs-json': () => DOC });
    renderRoute('/endpoint-test');
    fireEvent.click(await operation(/^POST \/api\/bets/));
    fireEvent.change(screen.getByLabelText('Body (JSON)'), { target: { value: '{ nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Try' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The body is not valid JSON.');
  });

  it('should filter the operations and say when none match', async () => {
    mockApi({ '/api/docs-json': () => DOC });
    renderRoute('/endpoint-test');
    fireEvent.change(await screen.findByLabelText('Filter'), { target: { value: 'health' } });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['health']);
    fireEvent.change(screen.getByLabelText('Filter'), { target: { value: 'zebra' } });
    expect(screen.getByText(/No operation matches/)).toBeInTheDocument();
  });

  it('should show the error when the document cannot be read', async () => {
    mockApi({ '/api/docs-json': () => json(503, { statusCode: 503, message: 'Down for a moment' }) });
    renderRoute('/endpoint-test');
    expect(await screen.findByRole('alert')).toHaveTextContent('Down for a moment');
  });
});
