import { describe, expect, it } from 'vitest';
import { hiddenCoursesKey, parseHidden } from './hidden-courses';

describe('hidden dashboard courses', () => {
  it('are keyed by the first 8 characters of the token', () => {
    expect(hiddenCoursesKey('abcdefghijklmnop')).toBe('hiddenCourses:abcdefgh');
    expect(hiddenCoursesKey(null)).toBe('hiddenCourses:');
  });

  it('parse only integer ids and survive bad data', () => {
    expect(parseHidden('[1,2,"x",3.5,4]')).toEqual([1, 2, 4]);
    expect(parseHidden('{"a":1}')).toEqual([]);
    expect(parseHidden('not json')).toEqual([]);
    expect(parseHidden(null)).toEqual([]);
  });
});
