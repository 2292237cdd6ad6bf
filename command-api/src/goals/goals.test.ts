import { MESSAGES, type EventOf } from '@bt/contracts';
import { deciderSpec, meta, OTHER_USER, USER } from '../testing/decider-spec';
import { goal } from './goal';
import { removeGoal } from './remove-goal';
import { restoreGoal } from './restore-goal';
import { reviseGoal, type ReviseGoal } from './revise-goal';
import { setGoal, type SetGoalCommand } from './set-goal';

const GOAL = '0190a000-0000-7000-8000-0000000000d1';
const set = (data: Partial<SetGoalCommand['data']> = {}): SetGoalCommand => ({
  type: 'SetGoal',
  data: { goalId: GOAL, title: 'March profit', targetAmount: 500, timeframe: 'monthly', description: null, status: 'active', ...data },
  metadata: meta(),
});
const goalSet: EventOf<'GoalSet'> = {
  type: 'GoalSet',
  data: {
    userId: USER,
    goalId: GOAL,
    title: 'March profit',
    targetAmount: 500,
    timeframe: 'monthly',
    startDate: '2025-03-15',
    endDate: '2025-04-14',
    description: null,
    paused: false,
  },
};
const revise = (data: Partial<ReviseGoal['data']> = {}, userId = USER): ReviseGoal => ({
  type: 'ReviseGoal',
  data: { goalId: GOAL, title: 'March profit', targetAmount: 500, ...data },
  metadata: meta({ userId }),
});
const revised = (changes: EventOf<'GoalRevised'>['data']['changes']): EventOf<'GoalRevised'> => ({
  type: 'GoalRevised',
  data: { userId: USER, goalId: GOAL, changes },
});

describe('goals', () => {
  describe('setting a goal', () => {
    const spec = deciderSpec(goal, setGoal);

    it('starts today and ends the day before the same day next month by default', () => spec.given([]).when(set()).then([goalSet]));

    it('ends on the last day of the timeframe: the start day, six days on, or the day before a year on', () => {
      spec
        .given([])
        .when(set({ timeframe: 'daily' }))
        .then([{ ...goalSet, data: { ...goalSet.data, timeframe: 'daily', endDate: '2025-03-15' } }]);
      spec
        .given([])
        .when(set({ timeframe: 'weekly' }))
        .then([{ ...goalSet, data: { ...goalSet.data, timeframe: 'weekly', endDate: '2025-03-21' } }]);
      spec
        .given([])
        .when(set({ timeframe: 'yearly' }))
        .then([{ ...goalSet, data: { ...goalSet.data, timeframe: 'yearly', endDate: '2026-03-14' } }]);
    });

    it('refuses a start whose computed end would fall after 2099-12-31', () => {
      spec
        .given([])
        .when(set({ startDate: '2099-12-31', timeframe: 'weekly' }))
        .thenThrows(400, MESSAGES.goalEndTooLate);
      spec
        .given([])
        .when(set({ startDate: '2099-06-01', timeframe: 'yearly' }))
        .thenThrows(400, MESSAGES.goalEndTooLate);
      spec
        .given([])
        .when(set({ startDate: '2099-12-31', timeframe: 'daily' }))
        .then([{ ...goalSet, data: { ...goalSet.data, timeframe: 'daily', startDate: '2099-12-31', endDate: '2099-12-31' } }]);
    });

    it('keeps a given end date on or after the start', () =>
      spec
        .given([])
        .when(set({ endDate: '2025-03-31' }))
        .then([{ ...goalSet, data: { ...goalSet.data, endDate: '2025-03-31' } }]));

    it('ignores an end date before the start and computes it', () =>
      spec
        .given([])
        .when(set({ startDate: '2025-03-01', endDate: '2025-02-01' }))
        .then([{ ...goalSet, data: { ...goalSet.data, startDate: '2025-03-01', endDate: '2025-03-31' } }]));

    it('records a goal sent as paused as paused, and completed or failed as not paused', () => {
      spec
        .given([])
        .when(set({ status: 'paused' }))
        .then([{ ...goalSet, data: { ...goalSet.data, paused: true } }]);
      spec
        .given([])
        .when(set({ status: 'completed' }))
        .then([goalSet]);
    });
  });

  describe('revising a goal', () => {
    const spec = deciderSpec(goal, reviseGoal);

    it('records only what changed', () =>
      spec
        .given([goalSet])
        .when(revise({ title: 'Big March', targetAmount: 750 }))
        .then([revised({ title: 'Big March', targetAmount: 750 })]));

    it('moves the end date with a new timeframe', () =>
      spec
        .given([goalSet])
        .when(revise({ timeframe: 'weekly' }))
        .then([revised({ timeframe: 'weekly', endDate: '2025-03-21' })]));

    it('moves the end date with a new start', () =>
      spec
        .given([goalSet])
        .when(revise({ startDate: '2025-04-01' }))
        .then([revised({ startDate: '2025-04-01', endDate: '2025-04-30' })]));

    it('refuses a new start or timeframe whose computed end would fall after 2099-12-31', () => {
      spec
        .given([goalSet])
        .when(revise({ startDate: '2099-12-31' }))
        .thenThrows(400, MESSAGES.goalEndTooLate);
      spec
        .given([goalSet])
        .when(revise({ startDate: '2099-06-01', timeframe: 'yearly' }))
        .thenThrows(400, MESSAGES.goalEndTooLate);
    });

    it('pauses and resumes', () => {
      spec
        .given([goalSet])
        .when(revise({ status: 'paused' }))
        .then([revised({ paused: true })]);
      spec
        .given([goalSet, revised({ paused: true })])
        .when(revise({ status: 'active' }))
        .then([revised({ paused: false })]);
    });

    it('records nothing when nothing changed', () =>
      spec
        .given([goalSet])
        .when(revise({ status: 'completed', description: null }))
        .thenNothing());

    it("answers another user's goal as not found", () =>
      spec.given([goalSet]).when(revise({}, OTHER_USER)).thenThrows(404, MESSAGES.goalNotFound));
  });

  describe('restoring a goal', () => {
    const spec = deciderSpec(goal, restoreGoal);
    const restore = (userId = USER) => ({ type: 'RestoreGoal' as const, data: { goalId: GOAL }, metadata: meta({ userId }) });
    const removed: EventOf<'GoalRemoved'> = { type: 'GoalRemoved', data: { userId: USER, goalId: GOAL } };

    it('given a removed goal, restores it', () =>
      spec
        .given([goalSet, removed])
        .when(restore())
        .then([{ type: 'GoalRestored', data: { userId: USER, goalId: GOAL } }]));
    it('given a goal that is not removed, refuses with a conflict', () =>
      spec.given([goalSet]).when(restore()).thenThrows(409, MESSAGES.goalNotDeleted));
    it('answers a goal that never was as not found', () => spec.given([]).when(restore()).thenThrows(404, MESSAGES.goalNotFound));
    it("answers another user's goal as not found", () =>
      spec.given([goalSet, removed]).when(restore(OTHER_USER)).thenThrows(404, MESSAGES.goalNotFound));
  });

  describe('removing a goal', () => {
    const spec = deciderSpec(goal, removeGoal);
    const remove = (userId = USER) => ({ type: 'RemoveGoal' as const, data: { goalId: GOAL }, metadata: meta({ userId }) });

    it('removes the goal', () =>
      spec
        .given([goalSet])
        .when(remove())
        .then([{ type: 'GoalRemoved', data: { userId: USER, goalId: GOAL } }]));
    it('cannot remove a goal twice', () =>
      spec
        .given([goalSet, { type: 'GoalRemoved', data: { userId: USER, goalId: GOAL } }])
        .when(remove())
        .thenThrows(404, MESSAGES.goalNotFound));
    it("answers another user's goal as not found", () =>
      spec.given([goalSet]).when(remove(OTHER_USER)).thenThrows(404, MESSAGES.goalNotFound));
  });
});
