import '@testing-library/jest-dom';
import { cleanup, configure } from '@testing-library/react';
import { useSessionStore } from '../src/lib/session';

// Lazy routes compile their modules on first use under Jest: give findBy* queries time for that.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  useSessionStore.getState().signOut();
  localStorage.clear();
});
