import { describe, expect, it } from 'vitest';
import { loadPageTexts } from '../lib/i18n';
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
    expect(essay).toHaveLength(frame.length + 3);
    expect(review).toEqual([...frame, loadCourseGate, review[frame.length + 1], loadPeerReviewStep]);
    expect(arrivalLoaders('/courses/1/learner/assignments/4/performances/CO')).toContain(loadReportStep);
    expect(info).toEqual([...frame, loadCourseGate]);
  });

  it('asks only for the frame elsewhere', () => {
    expect(arrivalLoaders('/manager/users')).toEqual(frame);
  });
});
