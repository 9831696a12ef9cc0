/** Where the server mounts the queue board (bull-board with BullMQ; in-process: a pointer to the web page). */
export const QUEUE_BOARD_PATH = '/admin/queues';
/** The web client's page of the in-process driver's jobs. */
export const IN_PROCESS_JOBS_PAGE = '/admin/ops/jobs';

/** Who may send a request to the board: operators and admins, admins only, or nobody. */
export type BoardPermission = 'operator' | 'admin' | 'never';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// bull-board's own route words: `/api/queues/:queueName/retry/:status` is registered before
// `/api/queues/:queueName/:jobId/retry`, so a "job id" that is one of them is not one job.
const ROUTE_WORDS = new Set([
  'add',
  'clean',
  'concurrency',
  'empty',
  'job-schedulers',
  'obliterate',
  'pause',
  'promote',
  'rate-limit',
  'resume',
  'retry',
]);

/**
 * The role a request to bull-board's routes (path relative to the mount) needs: operators read
 * everything and may retry or promote one job; every other write is an admin's; obliterating a
 * queue is nobody's. Matched the way the server routes (case-insensitive, a trailing slash ignored,
 * each segment decoded), so no spelling of a route slips past its rule.
 */
export function boardPermission(method: string, path: string): BoardPermission {
  const segments = path
    .toLowerCase()
    .split('/')
    .filter((s) => s !== '')
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
  const [api, queues, queue, second, third] = segments;
  const underQueues = api === 'api' && queues === 'queues';
  if (underQueues && segments.length === 4 && second === 'obliterate') return 'never';
  if (SAFE_METHODS.has(method.toUpperCase())) return 'operator';
  const oneJobAction =
    underQueues &&
    segments.length === 5 &&
    method.toUpperCase() === 'PUT' &&
    queue !== undefined &&
    second !== undefined &&
    !ROUTE_WORDS.has(second) &&
    (third === 'retry' || third === 'promote');
  return oneJobAction ? 'operator' : 'admin';
}
