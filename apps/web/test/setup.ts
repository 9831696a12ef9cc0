import '@testing-library/jest-dom';
import { DEFAULT_USER_SETTINGS } from '@furlong/contracts';
import { cleanup, configure } from '@testing-library/react';
import { useSessionNotice } from '../src/lib/session';
import { useActiveSettings } from '../src/lib/settings';
import { resetMember } from './render';

// Lazy routes compile their modules on first use under Jest: give findBy* queries time for that.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  resetMember();
  useSessionNotice.getState().clear();
  localStorage.clear();
  useActiveSettings.getState().set(DEFAULT_USER_SETTINGS);
});
