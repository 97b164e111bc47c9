import { describe, expect, it } from 'vitest';
import {
  findPrivateInfoErrors,
  isCalendarDate,
  managerUserCreateSchema,
  parseRgb,
  pickLanguage,
  signInBodySchema,
  signUpBodySchema,
  signUpFormSchema,
  translateShared,
} from './index';

describe('parseRgb', () => {
  it('uses the default colour when none is set and the fallback when malformed', () => {
    expect(parseRgb(null)).toEqual([86, 70, 255]);
    expect(parseRgb('')).toEqual([86, 70, 255]);
    expect(parseRgb('10, 20, 30')).toEqual([10, 20, 30]);
    expect(parseRgb('10,20')).toEqual([87, 70, 255]);
    expect(parseRgb('10,20,300')).toEqual([87, 70, 255]);
    expect(parseRgb('red')).toEqual([87, 70, 255]);
  });
});

describe('account schemas', () => {
  it('normalises the email and requires both sign-in fields', () => {
    expect(signInBodySchema.parse({ email: ' Kim@Example.COM ', password: 'x' }).email).toBe(
      'kim@example.com',
    );
    const result = signInBodySchema.safeParse({ email: '', password: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual(
      expect.arrayContaining([
        ['email', 'validation.required'],
        ['password', 'validation.required'],
      ]),
    );
  });

  it('checks the password length and the confirmation', () => {
    const short = signUpFormSchema(false, '2026-01-01').safeParse({
      email: 'a@b.co',
      name: 'n',
      password: '12345',
      passwordCheck: '12345',
    });
    expect(short.error?.issues.map((i) => i.message)).toContain('validation.password_min');
    const mismatch = signUpFormSchema(false, '2026-01-01').safeParse({
      email: 'a@b.co',
      name: 'n',
      password: '123456',
      passwordCheck: '123457',
    });
    expect(mismatch.error?.issues).toEqual([
      expect.objectContaining({ path: ['passwordCheck'], message: 'validation.password_mismatch' }),
    ]);
  });

  it("the staff's new user: an empty form flags every required field, the confirmation too", () => {
    const empty = managerUserCreateSchema.safeParse({
      email: '',
      name: '',
      password: '',
      passwordCheck: '',
      role: 'L',
    });
    const flagged = new Set(empty.error?.issues.map((i) => i.path.join('.')));
    expect([...flagged].sort()).toEqual(['email', 'name', 'password', 'passwordCheck']);
  });

  it('accepts grade 1..6 only', () => {
    const body = (grade: unknown) =>
      signUpBodySchema.safeParse({ email: 'a@b.co', name: 'n', password: '123456', grade });
    expect(body(1).success).toBe(true);
    expect(body('6').success).toBe(true);
    expect(body(0).success).toBe(false);
    expect(body(7).success).toBe(false);
    expect(body(2.5).success).toBe(false);
    expect(body('').data?.grade).toBeNull();
  });

  it('requires private info, and a grade only for schools with grades', () => {
    expect(
      Object.keys(
        findPrivateInfoErrors(
          { attending_type: null, grade: null, address: null, date_of_birth: null },
          '2026-01-01',
        ),
      ).sort(),
    ).toEqual(['address', 'attending_type', 'date_of_birth']);
    expect(
      findPrivateInfoErrors(
        { attending_type: 'N', grade: null, address: 'x', date_of_birth: '2000-01-01' },
        '2026-01-01',
      ),
    ).toEqual({});
    expect(
      findPrivateInfoErrors(
        { attending_type: 'H', grade: null, address: 'x', date_of_birth: '2000-01-01' },
        '2026-01-01',
      ),
    ).toEqual({
      grade: ['validation.grade_range'],
    });
    expect(
      findPrivateInfoErrors(
        { attending_type: 'N', grade: null, address: 'x', date_of_birth: '2030-01-01' },
        '2026-01-01',
      ),
    ).toEqual({
      date_of_birth: ['validation.date_future'],
    });
  });

  it('knows real calendar dates', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2023-13-01')).toBe(false);
  });
});

describe('shared messages', () => {
  it('translates keys with parameters and picks the language', () => {
    expect(translateShared('ko', 'validation.too_long', { max: 50 })).toBe('50자 이하로 입력하세요.');
    expect(translateShared('en', 'validation.too_long', { max: 50 })).toBe('Enter at most 50 characters.');
    expect(translateShared('en', 'validation.nope')).toBeUndefined();
    expect(pickLanguage('en-US,en;q=0.9')).toBe('en');
    expect(pickLanguage('ko-KR')).toBe('ko');
    expect(pickLanguage(undefined)).toBe('ko');
  });
});

describe('sheetName', () => {
  it('replaces the characters spreadsheets forbid and cuts to 31 characters', async () => {
    const { sheetName } = await import('./index');
    expect(sheetName('a/b\\c*d[e]f:g?h')).toBe('a_b_c_d_e_f_g_h');
    expect(sheetName('가'.repeat(40))).toBe('가'.repeat(31));
    expect(sheetName('   ')).toBe('Sheet');
  });
});
