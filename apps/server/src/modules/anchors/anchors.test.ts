import { receivedAnchorsSchema, reviewAnchorsSchema } from '@pw/contract';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers';
import { reviewAnchors } from '../../db/schema';
import {
  atPeerReview,
  base,
  expectAnonymous,
  FULL,
  move,
  peer,
  performanceOf,
  saveReview,
  t,
  useReviewWorld,
  w,
} from '../reviews/reviews.test-kit';

// Comments anchored in the essay (issue 34, item 3): the reviewer's list (add, edit, delete by
// replacing it) under the review's rules, validated against the essay they were shown; the author's
// view, labelled "Reviewer n" and never naming anyone; who may read; concurrency.

useReviewWorld();

// Every essay of the kit is `에세이 본문\n`: "본문" is at 4, length 2.
const GOOD = { index: 4, length: 2, quote: '본문', comment: '이 부분을 더 구체적으로 써 보세요.' };
const anchorsUrl = (aid: number, mid: number) =>
  `${base()}/${aid}/performances/peerreview-matching/${mid}/anchors/`;
const put = (aid: number, mid: number, token: string | undefined, anchors: unknown[]) =>
  call(t, { method: 'PUT', url: anchorsUrl(aid, mid), token, payload: { anchors } });
const get = (url: string, token: string | undefined, host?: string) =>
  call(t, { method: 'GET', url, token, host });

/** The learner's first review (of another's essay) at the peer-review step. */
async function learnerReview() {
  const a = await atPeerReview();
  const [target] = (await performanceOf(a.id, w.tokens.learner)).stage_object.targets as {
    id: number;
    is_self_review: boolean;
  }[];
  return { aid: a.id, mid: target!.id };
}

const rowsOf = (mid: number) =>
  t.database.db.select().from(reviewAnchors).where(eq(reviewAnchors.matchingId, mid));

describe('anchored comments', () => {
  it('the reviewer adds, edits and deletes anchored comments while the review may be saved', async () => {
    const { aid, mid } = await learnerReview();
    const empty = await get(anchorsUrl(aid, mid), w.tokens.learner);
    expect(empty.statusCode).toBe(200);
    expect(reviewAnchorsSchema.parse(empty.json())).toEqual({ editable: true, anchors: [] });

    const added = await put(aid, mid, w.tokens.learner, [
      GOOD,
      { index: 0, length: 3, quote: '에세이', comment: '  제목이 있으면 좋겠어요.  ' },
    ]);
    expect(added.statusCode).toBe(200);
    const list = reviewAnchorsSchema.parse(added.json());
    expect(list.anchors.map((x) => [x.index, x.length, x.quote, x.comment])).toEqual([
      [4, 2, '본문', GOOD.comment],
      [0, 3, '에세이', '제목이 있으면 좋겠어요.'],
    ]);
    // Edit the second, delete the first.
    const edited = await put(aid, mid, w.tokens.learner, [
      { index: 0, length: 3, quote: '에세이', comment: '제목을 달아 보세요.' },
    ]);
    expect(edited.statusCode).toBe(200);
    expect(edited.json().anchors).toMatchObject([
      { index: 0, quote: '에세이', comment: '제목을 달아 보세요.' },
    ]);
    expect(await rowsOf(mid)).toHaveLength(1);
    const read = reviewAnchorsSchema.parse((await get(anchorsUrl(aid, mid), w.tokens.learner)).json());
    expect(read.anchors.map((x) => x.comment)).toEqual(['제목을 달아 보세요.']);
    // Everything deleted.
    expect((await put(aid, mid, w.tokens.learner, [])).statusCode).toBe(200);
    expect(await rowsOf(mid)).toHaveLength(0);
  });

  it('refuses passages not in the essay shown, a wrong quote, a blank comment or too many, saving nothing', async () => {
    const { aid, mid } = await learnerReview();
    expect((await put(aid, mid, w.tokens.learner, [GOOD])).statusCode).toBe(200);
    const cases: [unknown[], string, string][] = [
      [[GOOD, { ...GOOD, index: 5, length: 40, quote: '문'.repeat(40) }], 'anchors.1', 'anchor_out_of_range'],
      [[{ ...GOOD, index: -1 }], 'anchors.0.index', 'anchor_out_of_range'],
      [[{ ...GOOD, length: 0, quote: '' }], 'anchors.0.length', 'anchor_out_of_range'],
      [[{ ...GOOD, quote: '에세' }], 'anchors.0', 'anchor_quote_mismatch'],
      [[{ ...GOOD, index: 3, length: 1, quote: ' ' }], 'anchors.0', 'anchor_blank'],
      [[{ ...GOOD, comment: '   ' }], 'anchors.0.comment', 'required'],
      [[{ ...GOOD, comment: 'x'.repeat(1001) }], 'anchors.0.comment', 'too_long'],
      [Array.from({ length: 31 }, () => GOOD), 'anchors', 'anchors_too_many'],
    ];
    for (const [anchors, field, key] of cases) {
      const res = await call(t, {
        method: 'PUT',
        url: anchorsUrl(aid, mid),
        token: w.tokens.learner,
        payload: { anchors },
        headers: { 'accept-language': 'en' },
      });
      expect(res.statusCode, `${field} ${key}`).toBe(400);
      const body = res.json();
      expect(body.code).toBe('validation_failed');
      expect(Object.keys(body.fields)).toContain(field);
      // Translated, never the key.
      expect(JSON.stringify(body.fields)).not.toContain(`validation.${key}`);
      expect(JSON.stringify(body.fields)).not.toMatch(/[ㄱ-힣]/);
    }
    const ko = await put(aid, mid, w.tokens.learner, [{ ...GOOD, quote: '에세' }]);
    expect(ko.json().fields['anchors.0'][0]).toBe('인용한 부분이 글의 그 자리와 맞지 않습니다.');
    // Nothing changed.
    expect((await rowsOf(mid)).map((r) => r.comment)).toEqual([GOOD.comment]);
  });

  it('only its reviewer reads or changes them (others 404, anonymous 401); closed with the step', async () => {
    const { aid, mid } = await learnerReview();
    expect((await put(aid, mid, w.tokens.learner, [GOOD])).statusCode).toBe(200);
    for (const token of [peer.token, w.tokens.outsider, w.tokens.instructor]) {
      expect((await get(anchorsUrl(aid, mid), token)).statusCode).toBe(404);
      expect((await put(aid, mid, token, [])).statusCode).toBe(404);
    }
    expect((await get(anchorsUrl(aid, mid), w.tokens.otherOrg, 'other.peer.test')).statusCode).toBe(404);
    expect((await get(anchorsUrl(aid, mid), undefined)).statusCode).toBe(401);
    await move(aid);
    const late = await put(aid, mid, w.tokens.learner, []);
    expect(late.statusCode).toBe(406);
    expect(late.json().code).toBe('review_not_open');
    expect(await rowsOf(mid)).toHaveLength(1);
    expect((await get(anchorsUrl(aid, mid), w.tokens.learner)).json().editable).toBe(false);
  });

  it('concurrent saves leave one list, never duplicates', async () => {
    const { aid, mid } = await learnerReview();
    const lists = [
      [GOOD],
      [GOOD, { index: 0, length: 3, quote: '에세이', comment: '둘째' }],
      [{ index: 0, length: 2, quote: '에세', comment: '셋째' }],
    ];
    const saves = await Promise.all(
      Array.from({ length: 6 }, (_, i) => put(aid, mid, w.tokens.learner, lists[i % 3] as unknown[])),
    );
    expect(saves.map((s) => s.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const rows = await rowsOf(mid);
    const stored = rows.sort((x, y) => x.position - y.position).map((r) => r.comment);
    expect(lists.map((l) => l.map((x) => (x as { comment: string }).comment))).toContainEqual(stored);
  });

  it('the author sees the passages in the feedback review and revision as "Reviewer n", no identity; staff too; others 404', async () => {
    const a = await atPeerReview();
    // The peer and the assistant review the learner's essay (one peer each) with anchors.
    let anchoredByOthers = 0;
    for (const token of [peer.token, w.tokens.assistant, w.tokens.learner]) {
      const targets = (await performanceOf(a.id, token)).stage_object.targets as { id: number }[];
      for (const x of targets) {
        expect((await put(a.id, x.id, token, [GOOD])).statusCode).toBe(200);
        expect((await saveReview(a.id, x.id, token, FULL)).statusCode).toBe(200);
        if (token !== w.tokens.learner) anchoredByOthers += 1;
      }
    }
    expect(anchoredByOthers).toBeGreaterThan(0);
    await move(a.id);
    const mine = (
      await call(t, { method: 'GET', url: `${base()}/${a.id}/`, token: w.tokens.learner })
    ).json();
    const pidOf = (model: string) =>
      mine.progresses.find((p: { model: string }) => p.model === model).performance_id as number;
    for (const model of ['feedbackreview', 'revisement']) {
      const url = `${base()}/${a.id}/performances/${pidOf(model)}/anchors/`;
      const res = await call(t, {
        method: 'GET',
        url,
        token: w.tokens.learner,
        headers: { 'accept-language': 'en' },
      });
      expect(res.statusCode).toBe(200);
      const view = receivedAnchorsSchema.parse(res.json());
      expect(view.essay.plain_text).toBe('에세이 본문\n');
      // The anchors of the reviews of the learner's essay (not their own anchors on others).
      const received = (
        await t.database.db
          .select()
          .from(reviewAnchors)
          .where(
            inArray(
              reviewAnchors.id,
              view.anchors.map((x) => x.id),
            ),
          )
      ).length;
      expect(received).toBe(view.anchors.length);
      expect(view.anchors.length).toBeGreaterThan(0);
      expect(view.anchors.every((x) => x.quote === '본문' && x.comment === GOOD.comment)).toBe(true);
      expect(view.anchors.map((x) => x.reviewer_name)).toEqual(
        view.anchors.map((x) => `Reviewer ${x.reviewer_label}`),
      );
      expectAnonymous(res.json(), [
        { name: peer.name, email: peer.email, enrollmentId: peer.enrollmentId },
        { name: w.users.assistant.name, email: w.users.assistant.email, enrollmentId: 0 },
      ]);
      expect(res.body).not.toMatch(/matching/);
      // Staff read it; another learner, another course or organisation do not.
      expect((await get(url, w.tokens.instructor)).statusCode).toBe(200);
      expect((await get(url, peer.token)).statusCode).toBe(404);
      expect((await get(url, w.tokens.outsider)).statusCode).toBe(404);
      expect((await get(url, w.tokens.otherOrg, 'other.peer.test')).statusCode).toBe(404);
      expect((await get(url, undefined)).statusCode).toBe(401);
    }
    // On the essay itself only for the staff (the learner's work they open from the management
    // table); the author reads them from the feedback review on, not through their essay.
    const essayUrl = `${base()}/${a.id}/performances/${pidOf('essaywriting')}/anchors/`;
    expect((await get(essayUrl, w.tokens.learner)).statusCode).toBe(404);
    const staffView = await get(essayUrl, w.tokens.instructor);
    expect(staffView.statusCode).toBe(200);
    expect(receivedAnchorsSchema.parse(staffView.json()).anchors.length).toBeGreaterThan(0);
    expect((await get(essayUrl, peer.token)).statusCode).toBe(404);
    expect((await get(essayUrl, w.tokens.outsider)).statusCode).toBe(404);
  });
});
