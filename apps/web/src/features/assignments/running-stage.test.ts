import type { ManagementTable } from '@pw/contract';
import { describe, expect, it } from 'vitest';
import { runningStageCount } from './running-stage';

const headers: ManagementTable['headers'] = [
  { short: 'ES', progress: 'essaywriting', performances: 31, finished_performances: 12 },
  { short: 'PE', progress: 'peerreview', performances: 31, finished_performances: 3 },
  { short: 'AD', progress: 'adjustment', performances: 31, finished_performances: 0 },
];

describe('runningStageCount', () => {
  it('counts who finished the running stage, with its kind', () => {
    expect(runningStageCount({ current_stage: 'ES', headers })).toEqual({
      kind: 'essaywriting',
      finished: 12,
      total: 31,
    });
    expect(runningStageCount({ current_stage: 'PE', headers })).toEqual({
      kind: 'peerreview',
      finished: 3,
      total: 31,
    });
  });

  it('says nothing before the start, after the end, for adjustment, or before the table loads', () => {
    expect(runningStageCount({ current_stage: 'PR', headers })).toBeNull();
    expect(runningStageCount({ current_stage: 'CO', headers })).toBeNull();
    expect(runningStageCount({ current_stage: 'AD', headers })).toBeNull();
    expect(runningStageCount(undefined)).toBeNull();
  });
});
