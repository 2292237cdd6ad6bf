import { MESSAGES, type EventOf } from '@bt/contracts';
import { deciderSpec, meta, OTHER_USER, USER } from '../testing/decider-spec';
import { goal } from './goal';
import { reviseGoal, type ReviseGoal } from './revise-goal';

const GOAL = '0190a000-0000-7000-8000-0000000000d2';
const goalSet = (data: Partial<EventOf<'GoalSet'>['data']> = {}): EventOf<'GoalSet'> => ({
  type: 'GoalSet',
  data: {
    userId: USER,
    goalId: GOAL,
    title: 'March profit',
    targetAmount: 500,
    timeframe: 'monthly',
    startDate: '2025-03-15',
    endDate: '2025-04-15',
    description: null,
    paused: false,
    ...data,
  },
});
const revise = (data: Partial<ReviseGoal['data']> = {}): ReviseGoal => ({
  type: 'ReviseGoal',
  data: { goalId: GOAL, title: 'March profit', targetAmount: 500, ...data },
  metadata: meta(),
});
const revised = (changes: EventOf<'GoalRevised'>['data']['changes']): EventOf<'GoalRevised'> => ({
  type: 'GoalRevised',
  data: { userId: USER, goalId: GOAL, changes },
});

describe('revising a goal: its end date and what is left out', () => {
  const spec = deciderSpec(goal, reviseGoal);

  it('takes a given end date on or after the start', () => {
    spec
      .given([goalSet()])
      .when(revise({ endDate: '2025-05-01' }))
      .then([revised({ endDate: '2025-05-01' })]);
    spec
      .given([goalSet()])
      .when(revise({ endDate: '2025-03-15' }))
      .then([revised({ endDate: '2025-03-15' })]);
  });

  it('ignores a given end date before the start and keeps the end it had', () =>
    spec
      .given([goalSet()])
      .when(revise({ endDate: '2025-03-01' }))
      .thenNothing());

  it('moves an end that lies before the start to start + timeframe, and keeps one on the start day', () => {
    spec
      .given([goalSet({ endDate: '2025-03-10' })])
      .when(revise())
      .then([revised({ endDate: '2025-04-14' })]);
    spec
      .given([goalSet({ endDate: '2025-03-15' })])
      .when(revise())
      .thenNothing();
  });

  it('keeps the description and the pause when the body leaves them out, and changes them when it sends them', () => {
    spec
      .given([goalSet({ description: 'keep', paused: true })])
      .when(revise())
      .thenNothing();
    spec
      .given([goalSet({ description: 'keep' })])
      .when(revise({ description: 'new' }))
      .then([revised({ description: 'new' })]);
  });

  it('answers a goal that was never set, was removed or is another user’s as not found', () => {
    spec.given([]).when(revise()).thenThrows(404, MESSAGES.goalNotFound);
    spec
      .given([goalSet(), { type: 'GoalRemoved', data: { userId: USER, goalId: GOAL } }])
      .when(revise())
      .thenThrows(404, MESSAGES.goalNotFound);
    spec
      .given([goalSet({ userId: OTHER_USER })])
      .when(revise())
      .thenThrows(404, MESSAGES.goalNotFound);
  });
});
