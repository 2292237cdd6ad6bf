import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { alterCommittedField } from '@bt/launcher/testing';
import { newPage, screenshot, type E2E } from './harness';
import { ApiClient, eventually, horizontalOverflow, journey, signUp, type Viewport } from './steps';

interface Proofs {
  bets: { id: string; commitments: unknown[] }[];
}

/** The public proofs once every shown bet is in a signed checkpoint. */
const signedProofs = async (e2e: E2E, handle: string, bets: number): Promise<Proofs> => {
  let proofs: Proofs | undefined;
  await eventually(async () => {
    const answer = await fetch(`${e2e.product.url}/api/public/profiles/${handle}/proofs`);
    const body = (await answer.json()) as Proofs;
    expect(body.bets.filter((bet) => bet.commitments.length > 0)).to.have.length(bets);
    proofs = body;
  });
  return proofs!;
};

const checkpointSize = async (e2e: E2E): Promise<number> =>
  Number((await (await fetch(`${e2e.product.url}/api/log/checkpoint`)).text()).split('\n')[1]);

const verification = (page: Page) => page.getByRole('region', { name: 'Verification', exact: true });

/**
 * A bettor's page proves itself in a signed-out visitor's browser: a bet logged before its start
 * and one after, both settled, verify ("2 of 2"); then a committed field is altered in Postgres,
 * and once the log has moved on the visitor sees the failure in red, naming the bet.
 */
const verifiedInTheBrowser = async (e2e: E2E, page: Page, viewport: Viewport) => {
  await signUp(page, `verify-${viewport.name}`);
  const api = await ApiClient.of(e2e, page);
  const handle = `v-${viewport.name}-${Date.now().toString(36)}`;
  await api.call('PUT', '/profile', { handle, enabled: true, sports: ['hockey'] });
  const hour = 3_600_000;
  const ahead = await api.call<{ id: string }>('POST', '/bets', {
    sport: 'hockey',
    event: 'Ahead Of Puck Drop',
    betType: 'moneyline',
    odds: '+120',
    stake: 10,
    outcome: 'pending',
    startsAt: new Date(Date.now() + 24 * hour).toISOString(),
  });
  const late = await api.call<{ id: string }>('POST', '/bets', {
    sport: 'hockey',
    event: 'Already Underway',
    betType: 'moneyline',
    odds: '-150',
    stake: 15,
    outcome: 'pending',
    startsAt: new Date(Date.now() - hour).toISOString(),
  });
  await api.call('POST', `/bets/${ahead.id}/settle`, { outcome: 'win' });
  await api.call('POST', `/bets/${late.id}/settle`, { outcome: 'loss' });
  await api.settled();
  await signedProofs(e2e, handle, 2);

  const visitor = await newPage(e2e, viewport);
  try {
    await visitor.page.goto(`/u/${handle}`);
    await visitor.page.getByRole('heading', { name: `@${handle}`, level: 1 }).waitFor();
    const item = (event: string) => visitor.page.getByRole('listitem').filter({ hasText: event });
    await item('Ahead Of Puck Drop').getByText('Before start', { exact: true }).waitFor();
    await item('Already Underway').getByText('After start', { exact: true }).waitFor();
    const card = verification(visitor.page);
    await card
      .getByText('2 of 2 bets verified, 1 logged before the start; figures recomputed in your browser', { exact: true })
      .waitFor({ timeout: 30_000 });
    expect(await card.innerText()).to.contain('1-1-0-0');
    if (viewport.name === 'phone') expect((await horizontalOverflow(visitor.page)).scrollWidth).to.be.at.most(viewport.width);
    await screenshot(visitor.page, `public-verified-${viewport.name}`);
    const seen = await visitor.page.evaluate(() => localStorage.getItem('bt-log-checkpoint'));
    expect(seen, 'the checkpoint seen is kept').to.be.a('string');

    // An attacker with the database changes the odds committed for the late bet; a bet in a sport the
    // page does not show moves the log on, so the server's proofs are rebuilt over the altered row.
    const before = await checkpointSize(e2e);
    expect(await alterCommittedField(e2e.product.databaseUrl, late.id, 'odds', '+400')).to.equal(1);
    await api.call('POST', '/bets', { sport: 'basketball', event: 'Hidden', betType: 'moneyline', odds: '+100', stake: 5 });
    await eventually(async () => expect(await checkpointSize(e2e)).to.be.greaterThan(before));
    await visitor.page.reload();
    await card
      .getByText('1 of 2 bets verified, 1 logged before the start; figures recomputed in your browser')
      .waitFor({ timeout: 30_000 });
    const failures = card.getByRole('list', { name: 'Verification failures' });
    expect(await failures.innerText()).to.match(/Already Underway \(\d{4}-\d\d-\d\d\): leaf \d+: the fields shown are not the ones logged/);
    const color = await failures.evaluate((list) => getComputedStyle(list).color);
    expect(color, 'in red').to.match(/^rgb\((1[5-9]\d|2\d\d), \d{1,2}, \d{1,2}\)$/);
    expect(await visitor.page.evaluate(() => localStorage.getItem('bt-log-checkpoint'))).to.not.equal(seen);
    await screenshot(visitor.page, `public-tampered-${viewport.name}`);
  } finally {
    await visitor.context.close();
  }
};

journey('public verification', 'verifies a page in the visitor’s browser, then shows an altered bet in red by name', (t, viewport) =>
  verifiedInTheBrowser(t.e2e, t.page, viewport),
);
