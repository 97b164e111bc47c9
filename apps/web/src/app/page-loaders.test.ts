import { describe, expect, it } from 'vitest';
import { loadPageTexts } from '../lib/i18n';
import { arrivalModules, arrivalPages } from './arrival-pages';
import {
  arrivalLoaders,
  loadAppLayout,
  loadCourseGate,
  loadCoursePage,
  loadManagementPage,
} from './page-loaders';
import { loadPeerReviewStep, loadReportStep } from './performances/step-loaders';

const frame = [loadAppLayout, loadPageTexts];

describe('arrivalLoaders', () => {
  it('asks for the frame and the page itself, side by side, on the pages people arrive on', () => {
    expect(arrivalLoaders('/')).toEqual(frame);
    expect(arrivalLoaders('/courses/1/instructor')).toEqual([...frame, loadCoursePage, loadCourseGate]);
    expect(arrivalLoaders('/courses/1/instructor/assignments/7')).toEqual([
      ...frame,
      loadManagementPage,
      loadCourseGate,
    ]);
  });

  it('adds the step page and, where the learner writes, the editor', () => {
    const essay = arrivalLoaders('/courses/1/learner/assignments/2/performances/ES');
    const review = arrivalLoaders('/courses/1/learner/assignments/3/performances/PE');
    const info = arrivalLoaders('/courses/1/learner/assignments/3/performances/info');
    expect(essay).toHaveLength(frame.length + 4);
    expect(arrivalModules('/courses/1/learner/assignments/2/performances/ES')).toContain(
      'components/RichText',
    );
    expect(arrivalModules('/courses/1/instructor/assignments/2/performances/ES')).not.toContain(
      'components/RichText',
    );
    expect(review).toEqual([
      ...frame,
      loadCourseGate,
      review[frame.length + 1],
      review[frame.length + 2],
      loadPeerReviewStep,
      review[frame.length + 4],
    ]);
    expect(arrivalModules('/courses/1/learner/assignments/3/performances/PE').at(-1)).toBe(
      'features/reviewing/components/Calibration',
    );
    expect(arrivalLoaders('/courses/1/learner/assignments/4/performances/CO')).toContain(loadReportStep);
    expect(info).toEqual([...frame, loadCourseGate]);
  });

  it('asks only for the frame elsewhere', () => {
    expect(arrivalLoaders('/manager/users')).toEqual(frame);
  });

  it('names each module once per page; the sample pages cover every module, each with its loader', () => {
    const essay = '/courses/1/learner/assignments/2/performances/ES';
    expect(new Set(arrivalModules(essay)).size).toBe(arrivalModules(essay).length);
    const samples = [
      '/',
      essay,
      '/courses/1/instructor',
      '/courses/1/instructor/assignments/7',
      '/courses/1/learner/assignments/4/performances/CO',
      '/courses/1/learner/assignments/3/performances/PE',
    ];
    expect(new Set(samples.flatMap(arrivalModules))).toEqual(new Set(arrivalPages.flatMap((p) => p.modules)));
    for (const path of samples) for (const load of arrivalLoaders(path)) expect(load).toBeTypeOf('function');
  });
});
