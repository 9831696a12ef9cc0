import { EventEmitter } from 'node:events';
import { act, render, screen } from '@testing-library/react';
import { useLiveConnection } from '../../lib/live-connection';
import { type LiveSocket, trackConnection } from '../../lib/socket';
import { ReconnectingNotice } from './status';

/** A socket that only emits what the test says. */
function fakeSocket(): LiveSocket & EventEmitter {
  return new EventEmitter() as unknown as LiveSocket & EventEmitter;
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
