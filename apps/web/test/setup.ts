import '@testing-library/jest-dom';
import { cleanup, configure } from '@testing-library/react';
import { useSessionNotice } from '../src/lib/session';
import { resetMember } from './render';

// Lazy routes compile their modules on first use under Jest: give findBy* queries time for that.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  resetMember();
  useSessionNotice.getState().clear();
  localStorage.clear();
});
