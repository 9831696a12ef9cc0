// jsdom lacks the fetch family that react-router and our API client use: lend it Node's own.
// AbortController goes too, because Node's Request accepts only Node's AbortSignal.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const { fetch, Request, Response, Headers, FormData, ReadableStream, AbortController, AbortSignal } = globalThis;
    const { TextEncoder, TextDecoder } = require('node:util');
    Object.assign(this.global, {
      fetch,
      Request,
      Response,
      Headers,
      FormData,
      ReadableStream,
      AbortController,
      AbortSignal,
      TextEncoder,
      TextDecoder,
    });
  }
}

module.exports = JsdomWithFetch;
