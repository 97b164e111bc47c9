import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourseWorld, multipart } from '../../../test/factories';
import { buildTestApp, call, type TestApp } from '../../../test/helpers';

let t: TestApp;
let w: Awaited<ReturnType<typeof createCourseWorld>>;

beforeAll(async () => {
  t = await buildTestApp();
  w = await createCourseWorld(t);
});
afterAll(async () => t.close());

async function createPost(
  token: string | undefined,
  fields: Record<string, string | string[]>,
  courseId = w.course.id,
) {
  return call(t, { method: 'POST', url: `/api/v1/courses/${courseId}/posts/`, token, ...multipart(fields) });
}

describe('the notice board', () => {
  it('pages by 3, notices first then newest, with next/previous links', async () => {
    const course = await w.newCourse();
    for (const title of ['하나', '둘', '셋', '넷'])
      await createPost(w.tokens.learner, { title, content: '본문' }, course.id);
    await createPost(w.tokens.instructor, { title: '공지', content: '본문', is_notice: 'true' }, course.id);
    const page1 = (
      await call(t, { method: 'GET', url: `/api/v1/courses/${course.id}/posts/`, token: w.tokens.learner })
    ).json();
    expect(page1.count).toBe(5);
    expect(page1.results.map((p: { title: string }) => p.title)).toEqual(['공지', '넷', '셋']);
    expect(page1.next).toBe(`/api/v1/courses/${course.id}/posts/?page=2`);
    const page2 = (await call(t, { method: 'GET', url: page1.next, token: w.tokens.learner })).json();
    expect(page2.results.map((p: { title: string }) => p.title)).toEqual(['둘', '하나']);
    expect(page2.next).toBeNull();
  });

  it('validates title and content with the spec limits', async () => {
    const res = await createPost(w.tokens.learner, { title: 'x'.repeat(51), content: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      title: ['50자 이하로 입력하세요.'],
      content: ['필수 입력 항목입니다.'],
    });
  });

  it('a poll merges duplicate options, refuses empty ones and a single option', async () => {
    const res = await createPost(w.tokens.instructor, {
      title: '투표',
      content: '골라 주세요',
      options: ['월요일', ' 화요일 ', '월요일'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().poll.options.map((o: { content: string }) => o.content)).toEqual(['월요일', '화요일']);
    expect(res.json().is_poll).toBe(true);
    const empty = await createPost(w.tokens.instructor, {
      title: '투표',
      content: '내용',
      options: ['월요일', ' '],
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields['options.1']).toEqual(['투표 항목 내용을 입력하세요.']);
    const single = await createPost(w.tokens.instructor, {
      title: '투표',
      content: '내용',
      options: ['월요일', '월요일'],
    });
    expect(single.statusCode).toBe(400);
    expect(single.json().fields.options).toEqual(['투표 항목은 두 개 이상이어야 합니다.']);
  });

  it('each member votes once and can change the vote; results count every vote', async () => {
    const post = (
      await createPost(w.tokens.instructor, { title: '시간', content: '내용', options: ['A', 'B'] })
    ).json();
    const [a, b] = post.poll.options;
    const url = `/api/v1/courses/${w.course.id}/posts/${post.id}/vote/`;
    await call(t, { method: 'POST', url, token: w.tokens.learner, payload: { option: a.id } });
    await call(t, { method: 'POST', url, token: w.tokens.assistant, payload: { option: a.id } });
    const changed = (
      await call(t, { method: 'POST', url, token: w.tokens.learner, payload: { option: b.id } })
    ).json();
    expect(changed.poll).toMatchObject({ total_votes: 2, my_vote: b.id });
    expect(changed.poll.options.map((o: { votes: number }) => o.votes)).toEqual([1, 1]);
    const other = await createPost(w.tokens.instructor, {
      title: '다른',
      content: '내용',
      options: ['X', 'Y'],
    });
    const wrong = await call(t, {
      method: 'POST',
      url,
      token: w.tokens.learner,
      payload: { option: other.json().poll.options[0].id },
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('posts carry files, and the author edits and removes them', async () => {
    const created = await call(t, {
      method: 'POST',
      url: `/api/v1/courses/${w.course.id}/posts/`,
      token: w.tokens.learner,
      ...multipart({ title: '자료', content: '첨부' }, [{ name: 'notes.pdf', content: '%PDF-1.4' }]),
    });
    const post = created.json();
    expect(post.files.map((f: { name: string }) => f.name)).toEqual(['notes.pdf']);
    expect(post.is_own).toBe(true);
    const edited = await call(t, {
      method: 'PATCH',
      url: `/api/v1/courses/${w.course.id}/posts/${post.id}/`,
      token: w.tokens.learner,
      ...multipart({ title: '자료(수정)', delete_files: String(post.files[0].id) }),
    });
    expect(edited.json()).toMatchObject({ title: '자료(수정)', files: [] });
    const asOther = (
      await call(t, {
        method: 'GET',
        url: `/api/v1/courses/${w.course.id}/posts/${post.id}/`,
        token: w.tokens.assistant,
      })
    ).json();
    expect(asOther.is_own).toBe(false);
  });
});

describe('comments', () => {
  it('show the nickname, mark the own ones, and are deleted by their author', async () => {
    const post = (await createPost(w.tokens.instructor, { title: '댓글 글', content: '내용' })).json();
    const written = await call(t, {
      method: 'POST',
      url: `/api/v1/posts/${post.id}/comments/`,
      token: w.tokens.learner,
      payload: { content: '  질문 있어요 ' },
    });
    expect(written.statusCode).toBe(201);
    expect(written.json()).toMatchObject({ content: '질문 있어요', nickname: 'learner', is_own: true });
    const list = (
      await call(t, { method: 'GET', url: `/api/v1/posts/${post.id}/comments/`, token: w.tokens.assistant })
    ).json();
    expect(list).toEqual([expect.objectContaining({ content: '질문 있어요', is_own: false })]);
    const empty = await call(t, {
      method: 'POST',
      url: `/api/v1/posts/${post.id}/comments/`,
      token: w.tokens.learner,
      payload: { content: '' },
    });
    expect(empty.statusCode).toBe(400);
    const del = await call(t, {
      method: 'DELETE',
      url: `/api/v1/posts/${post.id}/comments/${written.json().id}/`,
      token: w.tokens.learner,
    });
    expect(del.statusCode).toBe(204);
    const count = (
      await call(t, {
        method: 'GET',
        url: `/api/v1/courses/${w.course.id}/posts/${post.id}/`,
        token: w.tokens.learner,
      })
    ).json().comments_count;
    expect(count).toBe(0);
  });

  it('a comment id of another post is not found through this post', async () => {
    const p1 = (await createPost(w.tokens.instructor, { title: 'p1', content: 'c' })).json();
    const p2 = (await createPost(w.tokens.instructor, { title: 'p2', content: 'c' })).json();
    const c = (
      await call(t, {
        method: 'POST',
        url: `/api/v1/posts/${p1.id}/comments/`,
        token: w.tokens.learner,
        payload: { content: 'x' },
      })
    ).json();
    const res = await call(t, {
      method: 'DELETE',
      url: `/api/v1/posts/${p2.id}/comments/${c.id}/`,
      token: w.tokens.learner,
    });
    expect(res.statusCode).toBe(404);
  });
});
