import { expect } from 'chai';
import type { Page } from 'playwright-core';
import {
  ApiClient,
  eventually,
  expectNoSeriousA11yViolations,
  expectToast,
  heading,
  navigateTo,
  signUp,
  journey,
  type TestPage,
  type Viewport,
} from './steps';

const entryTitles = (page: Page) => page.getByRole('article').getByRole('heading', { level: 2 }).allInnerTexts();

/** Every option of a select fits its box whole, beside the arrow (the box shows the chosen one). */
const expectOptionsFit = async (page: Page, label: string) => {
  const select = page.getByRole('dialog').getByLabel(label, { exact: true });
  const overflow = await select.evaluate((el: HTMLSelectElement) => {
    const style = getComputedStyle(el);
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = style.font;
    return [...el.options].map((o) => o.text).filter((text) => context.measureText(text).width > room);
  });
  expect(overflow, `${label} options cut off`).to.deep.equal([]);
};

const writeEntry = async (page: Page, entry: { title: string; type: string; mood: string; content: string; tags: string }) => {
  const dialog = page.getByRole('dialog', { name: 'New Journal Entry' });
  await dialog.getByLabel('Title', { exact: true }).fill(entry.title);
  await dialog.getByLabel('Type', { exact: true }).selectOption(entry.type);
  await dialog.getByLabel('Mood', { exact: true }).selectOption(entry.mood);
  await dialog.getByLabel('Content', { exact: true }).fill(entry.content);
  await dialog.getByLabel('Tags', { exact: true }).fill(entry.tags);
  await dialog.getByRole('button', { name: 'Save Entry' }).click();
  await expectToast(page, 'Journal entry saved');
  await dialog.waitFor({ state: 'hidden' });
};

/** Journey 4: two entries of different types, the type filter, editing one. */
const keepJournal = async (page: Page, viewport: Viewport) => {
  await signUp(page, `journal-${viewport.name}`);
  await navigateTo(page, viewport, 'journal');
  await heading(page, 'Betting Journal').waitFor();
  await page.getByText('No journal entries yet', { exact: true }).waitFor();

  await page.getByRole('button', { name: 'Write First Entry' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Journal Entry' });
  await dialog.waitFor();
  await expectNoSeriousA11yViolations(page, `New Journal Entry dialog (${viewport.name})`);
  // Defaults: daily, neutral. Title and content are both needed.
  expect(await dialog.getByLabel('Type', { exact: true }).inputValue()).to.equal('daily');
  expect(await dialog.getByLabel('Mood', { exact: true }).inputValue()).to.equal('neutral');
  await expectOptionsFit(page, 'Type');
  await expectOptionsFit(page, 'Mood');
  await dialog.getByLabel('Title', { exact: true }).fill('   ');
  await dialog.getByRole('button', { name: 'Save Entry' }).click();
  // Under each empty field too, as the bet form shows its problems; the first takes the focus.
  await eventually(async () =>
    expect(await dialog.getByLabel('Title', { exact: true }).evaluate((el) => el === document.activeElement)).to.equal(true),
  );
  for (const label of ['Title', 'Content'])
    expect(await dialog.getByLabel(label, { exact: true }).getAttribute('aria-invalid')).to.equal('true');
  await expectToast(page, 'Missing information', 'Please fill in both title and content');
  expect(await dialog.getByText('Please fill in both title and content', { exact: true }).count()).to.equal(2);

  await writeEntry(page, {
    title: 'Tuesday slate',
    type: 'daily',
    mood: 'positive',
    content: 'Stuck to the plan on NBA unders.',
    tags: 'discipline, NBA, ',
  });
  const first = page.getByRole('article', { name: 'Tuesday slate' });
  await first.waitFor();
  expect(await first.getByRole('list', { name: 'Tags' }).getByRole('listitem').allInnerTexts()).to.deep.equal(['#discipline', '#NBA']);
  await first.getByText('Daily Reflection', { exact: true }).waitFor();

  await page.getByRole('button', { name: 'New Entry' }).click();
  await writeEntry(page, {
    title: 'Week 12 review',
    type: 'weekly',
    mood: 'negative',
    content: 'Chased losses on Sunday night.',
    tags: 'tilt',
  });
  await page.getByRole('article', { name: 'Week 12 review' }).waitFor();
  // Newest first.
  expect(await entryTitles(page)).to.deep.equal(['Week 12 review', 'Tuesday slate']);

  // Filter by type.
  const typeFilter = page.getByLabel('Filter by type', { exact: true });
  expect(await typeFilter.locator('option').allInnerTexts()).to.deep.equal([
    'All Entries',
    'Daily Reflections',
    'Weekly Reviews',
    'Monthly Analysis',
  ]);
  await typeFilter.selectOption('weekly');
  await eventually(async () => expect(await entryTitles(page)).to.deep.equal(['Week 12 review']));
  await typeFilter.selectOption('daily');
  await eventually(async () => expect(await entryTitles(page)).to.deep.equal(['Tuesday slate']));
  await typeFilter.selectOption('monthly');
  await eventually(async () => expect(await entryTitles(page)).to.deep.equal([]));
  await typeFilter.selectOption('all');
  await eventually(async () => expect(await entryTitles(page)).to.have.length(2));

  // Edit one.
  await page.getByRole('button', { name: 'Edit Tuesday slate', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Journal Entry' });
  await edit.waitFor();
  expect(await edit.getByLabel('Content', { exact: true }).inputValue()).to.equal('Stuck to the plan on NBA unders.');
  expect(await edit.getByLabel('Tags', { exact: true }).inputValue()).to.equal('discipline, NBA');
  await edit.getByLabel('Title', { exact: true }).fill('Tuesday slate (review)');
  await edit.getByLabel('Type', { exact: true }).selectOption('monthly');
  await edit.getByRole('button', { name: 'Update Entry' }).click();
  await expectToast(page, 'Journal entry updated');
  const edited = page.getByRole('article', { name: 'Tuesday slate (review)' });
  await edited.waitFor();
  await edited.getByText('Monthly Analysis', { exact: true }).waitFor();
  await typeFilter.selectOption('monthly');
  await eventually(async () => expect(await entryTitles(page)).to.deep.equal(['Tuesday slate (review)']));
};

/** Journey 5: a goal with progress from a winning bet; edit it; delete it. */
const chaseGoal = async ({ e2e, page }: TestPage, viewport: Viewport) => {
  await signUp(page, `goals-${viewport.name}`);
  const api = await ApiClient.of(e2e, page);
  // $100 won today: a quarter of a $400 goal.
  await api.addBets([{ sport: 'hockey', event: 'Oilers vs Flames', betType: 'moneyline', odds: '+100', stake: 100, outcome: 'win' }]);
  await api.settled();
  await navigateTo(page, viewport, 'goals');
  await heading(page, 'Profit Goals').waitFor();
  await page.getByText('No profit goals yet', { exact: true }).waitFor();

  await page.getByRole('button', { name: 'Create First Goal' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Goal' });
  await dialog.waitFor();
  await expectNoSeriousA11yViolations(page, `New Goal dialog (${viewport.name})`);
  expect(await dialog.getByLabel('Timeframe', { exact: true }).inputValue()).to.equal('monthly');
  await dialog.getByLabel('Goal Title', { exact: true }).fill('Monthly target');
  await dialog.getByLabel('Target Amount ($)', { exact: true }).fill('0');
  await dialog.getByRole('button', { name: 'Create Goal' }).click();
  await expectToast(page, 'Invalid amount', 'Please enter a valid target amount');
  await dialog.getByLabel('Target Amount ($)', { exact: true }).fill('400');
  await dialog.getByLabel('Description', { exact: true }).fill('Grow slowly.');
  await dialog.getByRole('button', { name: 'Create Goal' }).click();
  await expectToast(page, 'Goal created successfully');

  const card = page.getByRole('article', { name: 'Monthly target' });
  await card.waitFor();
  const progress = card.getByRole('progressbar', { name: 'Progress of Monthly target' });
  expect(await progress.getAttribute('aria-valuenow')).to.equal('25');
  await card.getByText('25.0%', { exact: true }).waitFor();
  await card.getByText('$300.00 to go', { exact: true }).waitFor();
  await card.getByText('Active', { exact: true }).waitFor();
  expect(await card.getByText(/^\d+ days? left$/).innerText()).to.match(/^(2[789]|30) days left$/);

  // Edit: a larger target halves the progress.
  await card.getByRole('button', { name: 'Edit Monthly target', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Goal' });
  await edit.waitFor();
  expect(await edit.getByLabel('Target Amount ($)', { exact: true }).inputValue()).to.equal('400');
  await edit.getByLabel('Goal Title', { exact: true }).fill('Bigger target');
  await edit.getByLabel('Target Amount ($)', { exact: true }).fill('800');
  await edit.getByRole('button', { name: 'Update Goal' }).click();
  await expectToast(page, 'Goal updated successfully');
  const edited = page.getByRole('article', { name: 'Bigger target' });
  await edited.getByText('12.5%', { exact: true }).waitFor();
  await edited.getByText('$700.00 to go', { exact: true }).waitFor();

  // Delete it after the confirmation.
  await edited.getByRole('button', { name: 'Delete Bigger target', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Goal' });
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expectToast(page, 'Goal deleted successfully');
  await page.getByText('No profit goals yet', { exact: true }).waitFor();
};

journey('journal', 'writes two entries of different types, filters by type and edits one', (t, viewport) => keepJournal(t.page, viewport));

journey('goals', 'creates a goal, shows its progress, edits and deletes it', chaseGoal);
