// node test/dist/bench/http-floor-server.js <node|express|nest|nest-fastify> <port>
// One of the three servers `npm run bench:http-floor` measures, each answering POST /api/bets with
// the same work: read the JSON body, build a slip-shaped answer and send it as JSON with 201. No
// database, no session: what is left is the HTTP stack's own cost per request.
// - node: node:http alone (read the body, JSON.parse, one res.end with the headers).
// - express: Express 5 with express.json() and res.status(201).json(), as a bare Express app would.
// - nest: Nest 12 on its Express adapter with helmet, the product's stack before the move to Fastify
//   (kept as the reference; express, helmet and @nestjs/platform-express are dev dependencies for it).
// - nest-fastify: the same controller on Nest's Fastify adapter with @fastify/helmet (the product sets
//   the same headers, worked out once at start: common/security-headers.ts), the product's
//   stack now without its own code.
import 'reflect-metadata';
import { createServer } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import { Body, Controller, HttpCode, Module, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import express from 'express';
import helmet from 'helmet';

interface Slip {
  bets?: { bet_type: string; race_ids: number[]; amount_cents: number; selections: number[][]; box: boolean }[];
}

/** The answer all three send: the shape of a placed one-bet slip. */
function answer(slip: Slip) {
  const bets = (slip.bets ?? []).map((bet, i) => ({
    id: 1_000_000 + i,
    slip_index: i,
    ...bet,
    combinations: 1,
    total_cents: bet.amount_cents,
    status: 'pending',
  }));
  return {
    idempotency_key: 'floor',
    bets,
    total_cents: bets.reduce((n, b) => n + b.total_cents, 0),
    balance_cents: 999_999_800,
  };
}

// The test tree compiles without decorator syntax: Nest's decorators applied as the compiler would.
class FloorController {
  bets(slip: Slip) {
    return answer(slip);
  }
}
const bets = Object.getOwnPropertyDescriptor(FloorController.prototype, 'bets') as PropertyDescriptor;
Body()(FloorController.prototype, 'bets', 0);
HttpCode(201)(FloorController.prototype, 'bets', bets);
Post('bets')(FloorController.prototype, 'bets', bets);
Controller('api')(FloorController);

class FloorModule {}
Module({ controllers: [FloorController] })(FloorModule);

async function main(): Promise<void> {
  const [kind, portText] = process.argv.slice(2);
  const port = Number(portText);
  const ready = () => console.log(`listening ${port}`);
  if (kind === 'node') {
    createServer((req, res) => {
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => {
        text += chunk;
      });
      req.on('end', () => {
        const body = JSON.stringify(answer(JSON.parse(text) as Slip));
        res.writeHead(201, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
        });
        res.end(body);
      });
    }).listen(port, '127.0.0.1', ready);
  } else if (kind === 'express') {
    const app = express();
    app.use(express.json());
    app.post('/api/bets', (req, res) => {
      res.status(201).json(answer(req.body as Slip));
    });
    app.listen(port, '127.0.0.1', ready);
  } else if (kind === 'nest') {
    const app = await NestFactory.create<NestExpressApplication>(FloorModule, { logger: false });
    app.disable('x-powered-by');
    app.use(helmet());
    await app.listen(port, '127.0.0.1');
    ready();
  } else if (kind === 'nest-fastify') {
    const app = await NestFactory.create<NestFastifyApplication>(FloorModule, new FastifyAdapter(), { logger: false });
    await app.register(fastifyHelmet);
    await app.listen(port, '127.0.0.1');
    ready();
  } else {
    throw new Error('usage: http-floor-server <node|express|nest|nest-fastify> <port>');
  }
  // The bench stops it with SIGTERM once measured.
  process.on('SIGTERM', () => process.exit(0));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
