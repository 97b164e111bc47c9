import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createOrganisation, createUser, type TestApp } from '../../../test/helpers';
import { notificationMailOff, notifications } from '../../db/schema';
import { sweepNotificationMails } from './mail-sweep';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'http://school.example:8000' });
});
afterAll(async () => t.close());

describe('the notification mail sweep', () => {
  it('two sweeps at once queue each mail exactly once, and skip the kinds a person switched off', async () => {
    const org = await createOrganisation(t, { subdomain: null, name: 'Sweep U' });
    const people = await Promise.all(
      Array.from({ length: 12 }, (_, i) => createUser(t, org.id, { email: `sweep${i}@example.com` })),
    );
    const [first] = people;
    await t.database.db.insert(notificationMailOff).values({ userId: first!.id, kind: 'scores_ready' });
    // 250 notifications: more than one batch of 200.
    await t.database.db.insert(notifications).values(
      Array.from({ length: 250 }, (_, i) => ({
        userId: people[i % people.length]!.id,
        kind: i % 2 ? ('stage_open' as const) : ('scores_ready' as const),
        key: `sweep-test:${i}`,
        params: { course: 'C', assignment: `A${i}`, stage: 'ES', deadline: null },
        link: '/',
      })),
    );
    const queued: string[] = [];
    const sweep = () =>
      sweepNotificationMails({
        db: t.database.db,
        config: t.config,
        secret: 'secret',
        queueMail: async (_tx, message, key) => {
          expect(message.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
          queued.push(key);
        },
      });
    const counts = await Promise.all([sweep(), sweep()]);
    const rows = await t.database.db
      .select({ id: notifications.id, mail: notifications.mail })
      .from(notifications);
    const skipped = rows.filter((r) => r.mail === 'skipped');
    // The first person's (every 12th notification, all of them scores) are not mailed.
    expect(skipped).toHaveLength(21);
    expect(rows.filter((r) => r.mail === 'pending')).toEqual([]);
    expect(new Set(queued).size).toBe(queued.length);
    expect(queued.length).toBe(250 - skipped.length);
    expect(counts[0]! + counts[1]!).toBe(queued.length);
    // A later sweep finds nothing left.
    expect(await sweep()).toBe(0);
  });
});
