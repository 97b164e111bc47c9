import type { CourseRole } from '@pw/contract';
import { readSession, tokenPart, writeSession } from './storage';

// Assistant mode is switched on on the course page at each sign-in (part 1 §4): it lives in this
// tab's session storage, keyed by the course and part of the token, so a new sign-in starts without it.
const modeKey = (courseId: number) => `assistantMode:${tokenPart()}:${courseId}`;

export function isAssistantMode(courseId: number): boolean {
  return readSession(modeKey(courseId)) === 'on';
}

export function setAssistantMode(courseId: number, on: boolean) {
  writeSession(modeKey(courseId), on ? 'on' : null);
}

/** `/courses/{id}/{role}` plus an optional sub-path such as `edit` or `posts/3`. */
export function coursePath(courseId: number, role: CourseRole, sub?: string): string {
  return `/courses/${courseId}/${role}${sub ? `/${sub}` : ''}`;
}

/** The page an enrolled learner opens: the assistant view while assistant mode is on. */
export function enrolledRole(courseId: number, isAssistant: boolean): CourseRole {
  return isAssistant && isAssistantMode(courseId) ? 'assistant' : 'learner';
}

/** Instructors and assistants manage the course (students, editing, notices). */
export function isManagerRole(role: CourseRole): boolean {
  return role === 'instructor' || role === 'assistant';
}

/**
 * The mode switches the course page offers (part 1 §4), in order: an enrolled assistant switches
 * assistant mode on, and off again back to the learner view; an instructor who also takes part as
 * a learner opens the learner view; a learner who is the course's instructor opens theirs.
 */
export function listModeSwitches(
  role: CourseRole,
  who: { isAssistant: boolean; isInstructor: boolean; isInstructorLearner: boolean },
): { to: CourseRole; assistantMode?: boolean }[] {
  const switches: { to: CourseRole; assistantMode?: boolean }[] = [];
  if (role === 'learner' && who.isAssistant) switches.push({ to: 'assistant', assistantMode: true });
  if (role === 'assistant') switches.push({ to: 'learner', assistantMode: false });
  if (role === 'instructor' && who.isInstructorLearner) switches.push({ to: 'learner' });
  if (role === 'learner' && who.isInstructor) switches.push({ to: 'instructor' });
  return switches;
}
