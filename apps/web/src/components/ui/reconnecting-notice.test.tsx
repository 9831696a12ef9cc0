import { EventEmitter } from 'node:events';
import { act, render, screen } from '@testing-library/react';
import { useLiveConnection } from '../../lib/live-connection';
import { type LiveSocket, trackConnection } from '../../lib/socket';
import { ReconnectingNotice } from './status';

/** A socket that only emits what the test says; `active` as socket.io-client has it after a disconnect of that reason. */
function fakeSocket(): LiveSocket & EventEmitter {
  const socket = new EventEmitter() as unknown as LiveSocket & EventEmitter & { active: boolean };
  socket.active = true;
  const emit = socket.emit.bind(socket);
  socket.emit = ((event: string, ...args: unknown[]) => {
    if (event === 'disconnect')
      socket.active = args[0] !== 'io client disconnect' && args[0] !== 'io server disconnect';
    return emit(event, ...args);
  }) as typeof socket.emit;
  return socket;
}

describe('the live connection as the screens show it', () => {
  beforeEach(() => useLiveConnection.setState({ state: 'connecting' }));

  it('should follow a socket from connected to reconnecting after a drop and back', () => {
    const socket = fakeSocket();
    trackConnection(socket);

    socket.emit('connect');
    expect(useLiveConnection.getState().state).toBe('connected');
    socket.emit('disconnect', 'transport close');
    expect(useLiveConnection.getState().state).toBe('reconnecting');
    socket.emit('connect');
    expect(useLiveConnection.getState().state).toBe('connected');
    // Closed by the tab itself: nothing comes back by itself, so nothing says it is reconnecting.
    socket.emit('disconnect', 'io client disconnect');
    expect(useLiveConnection.getState().state).toBe('connecting');
    // Sent away by the server on purpose: socket.io-client does not come back either.
    socket.emit('connect');
    socket.emit('disconnect', 'io server disconnect');
    expect(useLiveConnection.getState().state).toBe('connecting');
  });

  it('should say reconnecting, naming the feed, only while the connection is down', () => {
    const socket = fakeSocket();
    trackConnection(socket);
    render(<ReconnectingNotice what="the live tote" />);
    expect(screen.queryByRole('status')).toBeNull();

    act(() => {
      socket.emit('connect');
    });
    expect(screen.queryByRole('status')).toBeNull();

    act(() => {
      socket.emit('disconnect', 'transport close');
    });
    expect(screen.getByRole('status')).toHaveTextContent('Reconnecting to the live tote…');

    act(() => {
      socket.emit('connect');
    });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
