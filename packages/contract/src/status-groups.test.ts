import { describe, expect, it } from 'vitest';
import { ACCOUNT_STATUSES, FILE_STATUSES, JOB_STATUSES, OUTPUT_STATUSES } from './enums.js';
import {
  ACTIVE_JOB_STATUSES,
  isActiveJobStatus,
  isReadOnlyAccountStatus,
  isSettledOutputStatus,
  isTerminalJobStatus,
  isUnsettledFileStatus,
  READ_ONLY_ACCOUNT_STATUSES,
  SETTLED_OUTPUT_STATUSES,
  TERMINAL_JOB_STATUSES,
  UNSETTLED_FILE_STATUSES,
} from './status-groups.js';

describe('the status groups', () => {
  it('split the job statuses into terminal and active, with none in both and none left out', () => {
    expect([...TERMINAL_JOB_STATUSES, ...ACTIVE_JOB_STATUSES].sort()).toEqual([...JOB_STATUSES].sort());
  });

  it('answer their predicates for every status of their enumeration, and nothing else', () => {
    const cases = [
      [isTerminalJobStatus, TERMINAL_JOB_STATUSES, JOB_STATUSES],
      [isActiveJobStatus, ACTIVE_JOB_STATUSES, JOB_STATUSES],
      [isSettledOutputStatus, SETTLED_OUTPUT_STATUSES, OUTPUT_STATUSES],
      [isUnsettledFileStatus, UNSETTLED_FILE_STATUSES, FILE_STATUSES],
      [isReadOnlyAccountStatus, READ_ONLY_ACCOUNT_STATUSES, ACCOUNT_STATUSES],
    ] as const;
    for (const [predicate, group, all] of cases) {
      const members: readonly string[] = group;
      expect(all.filter((status) => predicate(status))).toEqual(
        all.filter((status) => members.includes(status)),
      );
      expect(predicate('no_such_status')).toBe(false);
    }
  });

  it('leave an output settled only when it can change no more', () => {
    expect(OUTPUT_STATUSES.filter((status) => !isSettledOutputStatus(status))).toEqual([
      'queued',
      'processing',
    ]);
  });
});
