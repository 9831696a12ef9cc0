import type { RaceJoinReply } from '@furlong/contracts';
import { FakeSocket as BaseFakeSocket } from '../../../test/fake-socket';
import { makeSnapshot } from './test-fixtures';

/** The tab's socket in racing page tests: race:join answers with `joinReply` (a snapshot by default). */
export class FakeSocket extends BaseFakeSocket {
  joinReply: (raceId: number) => RaceJoinReply = (raceId) => ({
    ok: true,
    snapshot: makeSnapshot({ race_id: raceId }),
  });

  constructor() {
    super();
    this.replies.set('race:join', (raceId) => this.joinReply(raceId as number));
  }

  joins(): number[] {
    return this.argsOf('race:join') as number[];
  }
}
