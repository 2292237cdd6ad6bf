import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { parse } from 'yaml';
import { SERVER_ENTRIES } from './build-server';

const read = (path: string) => parse(readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8'), { merge: true });

interface Service {
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  environment?: Record<string, string>;
  volumes?: string[];
}

/** docker compose cannot run here: its file and Prometheus' parse, and say what the stack relies on. */
describe('deployment files (docker compose, Prometheus)', () => {
  const compose = read('docker-compose.yml') as { services: Record<string, Service> };

  it('checks every service of ours by its /readyz and starts the gateway only once both APIs are healthy', () => {
    for (const name of ['command-api', 'query-api', 'projector-0', 'projector-1', 'transparency-log', 'web']) {
      const test = compose.services[name].healthcheck?.test.join(' ') ?? '';
      expect(test, name).to.match(/http:\/\/127\.0\.0\.1:(8080|3000)\/readyz/);
      expect(compose.services[name].environment?.METRICS_TOKEN, name).to.match(/METRICS_TOKEN/);
      expect(compose.services[name].environment?.DATA_KEYS_MASTER, name).to.match(/DATA_KEYS_MASTER:\?/);
    }
    expect(compose.services.web.depends_on).to.deep.equal({
      'command-api': { condition: 'service_healthy' },
      'query-api': { condition: 'service_healthy' },
    });
  });

  it('runs one transparency log writer, and query-api serves its reads, both with the signing key the environment must set', () => {
    for (const name of ['transparency-log', 'query-api']) {
      const env = compose.services[name].environment ?? {};
      expect(env.TRANSPARENCY_KEY, name).to.match(/^\$\{TRANSPARENCY_KEY:\?/);
      expect(env.TRANSPARENCY_ORIGIN, name).to.equal('${TRANSPARENCY_ORIGIN:-bet-tracker/transparency-log}');
      expect(env.NODE_ENV, name).to.equal('production');
    }
    const writer = compose.services['transparency-log'] as Service & { command: string[] };
    expect(writer.command).to.deep.equal(['node', 'launcher/dist/transparency-log.js']);
    expect(SERVER_ENTRIES.map(([, out]) => out)).to.include('launcher/dist/transparency-log.js');
    expect(writer.healthcheck?.test.join(' ')).to.match(/http:\/\/127\.0\.0\.1:8080\/readyz/);
    // Only the writer and query-api hold the signing key.
    for (const name of ['command-api', 'projector-0', 'projector-1', 'web'])
      expect(compose.services[name].environment?.TRANSPARENCY_KEY, name).to.equal(undefined);
  });

  it('runs two projector partitions, every service told the same count', () => {
    for (const [index, name] of ['projector-0', 'projector-1'].entries()) {
      expect(compose.services[name].environment?.PROJECTOR_PARTITIONS, name).to.equal('2');
      expect(compose.services[name].environment?.PROJECTOR_PARTITION, name).to.equal(String(index));
    }
    expect(compose.services['query-api'].environment?.PROJECTOR_PARTITIONS).to.equal('2');
    expect(compose.services.projector).to.equal(undefined);
  });

  it('runs Prometheus on deploy/prometheus, scraping every service with the token, with an alert on the projector’s lag', () => {
    expect(compose.services.prometheus.volumes).to.include('./deploy/prometheus:/etc/prometheus:ro');
    const prometheus = read('deploy/prometheus/prometheus.yml') as {
      rule_files: string[];
      scrape_configs: { authorization: { type: string; credentials_file: string }; dns_sd_configs: { names: string[] }[] }[];
    };
    expect(prometheus.rule_files).to.deep.equal(['alerts.yml']);
    const [scrape] = prometheus.scrape_configs;
    expect(scrape.authorization.type).to.equal('Bearer');
    expect(scrape.dns_sd_configs.flatMap((c) => c.names)).to.have.members([
      'command-api',
      'query-api',
      'projector-0',
      'projector-1',
      'transparency-log',
      'web',
    ]);
    const alerts = read('deploy/prometheus/alerts.yml') as { groups: { rules: { alert: string; expr: string }[] }[] };
    const rules = alerts.groups.flatMap((g) => g.rules);
    expect(rules.map((r) => r.alert)).to.include('ProjectorLagging');
    expect(rules.find((r) => r.alert === 'ProjectorLagging')!.expr).to.contain('projector_lag_seconds');
  });
});
