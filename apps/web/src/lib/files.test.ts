import { LIMITS } from '@pw/contract';
import { describe, expect, it } from 'vitest';
import { appendAll, formatBytes, splitBySize } from './files';

describe('upload helpers', () => {
  it('refuse files over 20MB before any upload (part 1 §9)', () => {
    const small = new File(['x'], 'a.pdf');
    const exact = { name: 'b.pdf', size: LIMITS.uploadMaxBytes } as File;
    const big = { name: 'c.pdf', size: LIMITS.uploadMaxBytes + 1 } as File;
    expect(splitBySize([small, exact, big])).toEqual({ ok: [small, exact], tooLarge: [big] });
  });

  it('format sizes for people', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(3.5 * 1024 * 1024)).toBe('3.5 MB');
  });

  it('repeat a field name for each value, as multipart lists are sent', () => {
    const form = new FormData();
    appendAll(form, 'delete_files', [3, 4]);
    expect(form.getAll('delete_files')).toEqual(['3', '4']);
  });
});
