// A browser test gets 90 s unless it says: a page step gets 30 s (BROWSER_STEP_MS in
// browser-suite.ts) and a test takes several. Jest reads `testTimeout` from the root config only
// (a project's own is ignored), so the browser project sets it here, before each test file.
jest.setTimeout(90_000);
