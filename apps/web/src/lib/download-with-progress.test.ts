// @vitest-environment happy-dom
import { notifications, notificationsStore } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadWithProgress } from './download-with-progress';

const toast = (id: string) => {
  const state = notificationsStore.getState();
  const found = [...state.notifications, ...state.queue].find((n) => n.id === id);
  return found && { loading: found.loading ?? false, color: found.color, message: found.message };
};
const texts = {
  progress: (size: string) => `downloading ${size}`.trim(),
  done: 'downloaded',
  failed: (error: unknown) => ({ message: `failed: ${(error as Error).message}`, color: 'yellow' }),
};

describe('downloadWithProgress', () => {
  const saved: string[] = [];
  beforeEach(() => {
    notifications.clean();
    saved.length = 0;
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:file');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the bytes received while it runs, saves the file and says it is done', async () => {
    const seen: unknown[] = [];
    await downloadWithProgress(
      'sheet',
      async (onProgress) => {
        seen.push(toast('sheet'));
        onProgress(2048);
        seen.push(toast('sheet'));
        return { blob: new Blob(['x']), name: 'scores.xlsx' };
      },
      texts,
    );
    expect(seen).toEqual([
      { loading: true, color: undefined, message: 'downloading' },
      { loading: true, color: undefined, message: 'downloading 2.0 KB' },
    ]);
    expect(saved).toEqual(['scores.xlsx']);
    expect(toast('sheet')).toEqual({ loading: false, color: 'teal', message: 'downloaded' });
  });

  it('says why when the download fails, saves nothing and does not throw', async () => {
    await downloadWithProgress(
      'zip',
      async () => {
        throw new Error('no attachments');
      },
      texts,
    );
    expect(saved).toEqual([]);
    expect(toast('zip')).toEqual({ loading: false, color: 'yellow', message: 'failed: no attachments' });
  });
});
