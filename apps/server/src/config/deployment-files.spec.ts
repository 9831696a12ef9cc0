import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments, parseDocument, parse as parseYaml } from 'yaml';
import { loadConfig } from './app-config';

// The deployment files (issue 22) kept current with the server: every environment they give the
// server is one its configuration accepts, the proxy sends every replica's traffic with websockets,
// the probes read /api/health, and a stopping replica gets the time its drain and close need.
const ROOT = join(__dirname, '../../../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

type Env = Record<string, string>;
// biome-ignore lint/suspicious/noExplicitAny: parsed YAML is walked by the shapes the files document.
type Doc = any;

/** `${NAME:-default}` as docker compose fills it when NAME is unset. */
const composeDefaults = (value: string) => value.replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1');

/** A duration like `30s` or `1m30s` in seconds. */
function seconds(duration: string): number {
  const m = /^(?:(\d+)m)?(?:(\d+)s)?$/.exec(duration);
  if (!m || duration === '') throw new Error(`not a duration: ${duration}`);
  return Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0);
}

describe('docker-compose.yml', () => {
  const compose: Doc = parseYaml(read('docker-compose.yml'), { merge: true });
  const servers = Object.keys(compose.services).filter((name) => name.startsWith('server-'));

  it('should run at least two replicas on PostgreSQL and Redis, each with a configuration the server accepts', () => {
    expect(servers.length).toBeGreaterThanOrEqual(2);
    for (const name of servers) {
      const service = compose.services[name];
      const env: Env = Object.fromEntries(
        Object.entries(service.environment as Env).map(([k, v]) => [k, composeDefaults(String(v))]),
      );
      expect(() => loadConfig(env)).not.toThrow();
      const config = loadConfig(env);
      expect(config.database.url).toMatch(/@postgres:5432\//);
      expect(config.redis.url).toBe('redis://redis:6379');
      expect(config.trustProxy).toBe('uniquelocal');
      // docker compose stop waits this long before kill -9: longer than the drain and the close.
      const { drainMs, timeoutMs } = config.shutdown;
      expect(seconds(service.stop_grace_period) * 1000).toBeGreaterThan(drainMs + timeoutMs);
      expect(service.depends_on).toMatchObject({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
      });
    }
  });

  it('should put a websocket-capable proxy in front of every replica, and only of those', () => {
    const proxy = compose.services.proxy;
    const mount = (proxy.volumes as string[]).find((v) => v.includes('ops/nginx/'));
    const conf = read((mount as string).split(':')[0]?.replace(/^\.\//, '') as string);
    const upstream = [...conf.matchAll(/^\s*server\s+([\w-]+):3000\b/gm)].map((m) => m[1]);
    expect(upstream.sort()).toEqual([...servers].sort());
    expect(Object.keys(proxy.depends_on).sort()).toEqual([...servers].sort());
    expect(conf).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
    expect(conf).toMatch(/proxy_set_header Connection \$connection_upgrade;/);
    expect(conf).toMatch(/proxy_http_version 1\.1;/);
    expect(proxy.ports).toEqual(['3000:3000']);
  });

  it('should parse without an error or a warning, and pass docker compose config where compose is installed', () => {
    const parsed = parseDocument(read('docker-compose.yml'), { merge: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.warnings).toEqual([]);
    let compose: boolean;
    try {
      execFileSync('docker', ['compose', 'version'], { stdio: 'ignore', timeout: 10_000 });
      compose = true;
    } catch {
      compose = false;
    }
    // The machine this was written on has the docker CLI without its compose plugin: there, the
    // parse above and the checks of the other cases are the test.
    if (compose) {
      expect(() =>
        execFileSync('docker', ['compose', '-f', join(ROOT, 'docker-compose.yml'), 'config', '-q'], {
          timeout: 30_000,
        }),
      ).not.toThrow();
    }
  });
});

describe('the Kubernetes manifests (ops/k8s)', () => {
  const docs: Doc[] = readdirSync(join(ROOT, 'ops/k8s'))
    .filter((f) => f.endsWith('.yaml'))
    .flatMap((f) => parseAllDocuments(read(`ops/k8s/${f}`)).map((d) => d.toJS()));
  const find = (kind: string, name?: string) =>
    docs.filter((d) => d.kind === kind && (name === undefined || d.metadata.name === name));
  const [deployment] = find('Deployment');
  const container = deployment.spec.template.spec.containers[0];

  it('should give the server a configuration it accepts, with its secrets and the external services', () => {
    const [secret] = find('Secret');
    const env: Env = {
      ...Object.fromEntries((container.env as { name: string; value: string }[]).map((e) => [e.name, e.value])),
      ...(secret.stringData as Env),
    };
    expect(container.envFrom).toEqual([{ secretRef: { name: secret.metadata.name } }]);
    const config = loadConfig(env);
    const external = find('Service').filter((s) => s.spec.type === 'ExternalName');
    const hosts = external.map((s) => s.metadata.name);
    expect(hosts).toEqual(expect.arrayContaining([new URL(config.database.url as string).hostname]));
    expect(hosts).toEqual(expect.arrayContaining([new URL(config.redis.url as string).hostname]));
    expect(config.trustProxy).toBe('uniquelocal');
  });

  it('should read readiness and liveness from /api/health and give a stopping pod the time to drain', () => {
    for (const probe of ['readinessProbe', 'livenessProbe']) {
      expect(container[probe].httpGet).toEqual({ path: '/api/health', port: 'http' });
    }
    expect(container.ports).toEqual([{ name: 'http', containerPort: 3000 }]);
    const preStop = container.lifecycle.preStop.exec.command as string[];
    expect(preStop[0]).toBe('sleep');
    const env = Object.fromEntries((container.env as { name: string; value: string }[]).map((e) => [e.name, e.value]));
    const need = Number(preStop[1]) + Number(env.SHUTDOWN_DRAIN_SECONDS) + Number(env.SHUTDOWN_TIMEOUT_SECONDS);
    expect(deployment.spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThan(need);
    expect(deployment.spec.strategy.rollingUpdate.maxUnavailable).toBe(0);
  });

  it('should select the same pods from the Service and the PodDisruptionBudget, and route the Ingress to the Service', () => {
    const labels = deployment.spec.template.metadata.labels;
    expect(deployment.spec.selector.matchLabels).toEqual(labels);
    const [pdb] = find('PodDisruptionBudget');
    expect(pdb.spec.selector.matchLabels).toEqual(labels);
    expect(pdb.spec.minAvailable).toBeLessThan(deployment.spec.replicas);
    const [service] = find('Service', deployment.metadata.name);
    expect(service.spec.selector).toEqual(labels);
    expect(service.spec.ports[0].targetPort).toBe('http');
    const [ingress] = find('Ingress');
    const backend = ingress.spec.rules[0].http.paths[0].backend.service;
    expect(backend).toEqual({ name: service.metadata.name, port: { name: 'http' } });
    expect(Number(ingress.metadata.annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThan(600);
  });
});
