import { Injectable } from '@nestjs/common';
import type { Server } from 'socket.io';

const BATCH_EVERY_MS = 100;

/**
 * Sends this instance's live connections away a batch at a time when it stops, so that its viewers
 * come back to the other instances spread out rather than all in the same second (thousands of
 * handshakes at once overflow a survivor's accept queue, and each dropped SYN waits 1, 3, 7 s for
 * its retry). Each connection is closed at the transport: the client sees `transport close` and
 * reconnects by itself (a server-side `disconnect()` would tell it to stay away).
 */
@Injectable()
export class SocketHandoff {
  private server?: Server;

  /** The Socket.IO server whose connections it sends away (set by the adapter). */
  attach(server: Server): void {
    this.server = server;
  }

  /**
   * Closes every connection open now, `perSecond` a second (in batches every 100 ms), and resolves
   * when the last is closed; `signal` stops it early (what is left is closed with the server).
   * Answers how many it closed.
   */
  async sendAway(perSecond: number, signal?: AbortSignal): Promise<number> {
    if (!this.server) return 0;
    // Every client is on the main namespace (the gateways use no other); a connection is closed once.
    const connections = [...new Set([...this.server.of('/').sockets.values()].map((socket) => socket.conn))];
    const batch = Math.max(1, Math.ceil((perSecond * BATCH_EVERY_MS) / 1000));
    let closed = 0;
    for (let i = 0; i < connections.length; i += batch) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, BATCH_EVERY_MS));
      if (signal?.aborted) break;
      for (const connection of connections.slice(i, i + batch)) {
        if (connection.readyState === 'open') {
          connection.close();
          closed++;
        }
      }
    }
    return closed;
  }
}
