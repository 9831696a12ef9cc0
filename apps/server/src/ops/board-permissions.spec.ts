import { boardPermission } from './board-permissions';

describe(boardPermission.name, () => {
  it.each([
    ['GET', '/', 'operator'],
    ['GET', '/api/queues', 'operator'],
    ['GET', '/api/queues/jobs/42/logs', 'operator'],
    ['PUT', '/api/queues/jobs/42/retry', 'operator'],
    ['PUT', '/api/queues/jobs/repeat%3Aabc%3A1/promote', 'operator'],
    ['PUT', '/api/queues/jobs/42/clean', 'admin'],
    ['PUT', '/api/queues/jobs/retry/failed', 'admin'],
    ['PUT', '/api/queues/jobs/clean/retry', 'admin'],
    ['PUT', '/api/queues/jobs/promote', 'admin'],
    ['PUT', '/api/queues/jobs/pause', 'admin'],
    ['PUT', '/api/queues/pause', 'admin'],
    ['POST', '/api/queues/jobs/add', 'admin'],
    ['PATCH', '/api/queues/jobs/42/update-data', 'admin'],
    ['POST', '/api/queues/jobs/42/retry', 'admin'],
    ['PUT', '/api/queues/jobs/obliterate', 'never'],
    ['PUT', '/API/Queues/jobs/Obliterate/', 'never'],
    ['PUT', '/api/queues/jobs/obliter%61te', 'never'],
    ['GET', '/api/queues/jobs/obliterate', 'never'],
  ])('should need %s %s to be allowed for: %s', (method, path, expected) => {
    expect(boardPermission(method, path)).toBe(expected);
  });
});
