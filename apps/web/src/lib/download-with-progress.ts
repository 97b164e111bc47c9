import { notifications } from '@mantine/notifications';
import { formatBytes } from './files';
import { saveBlob } from './save-blob';

/** What the toast of a download says. */
export interface DownloadTexts {
  /** While it runs, with the size received so far ('' before the first bytes). */
  progress: (size: string) => string;
  /** Once the file is saved. */
  done: string;
  /** When it failed: the message and the toast's colour. */
  failed: (error: unknown) => { message: string; color: string };
}

/**
 * Runs a download from a feature's `api/` with the bytes received in a progress toast (`id`), hands
 * the file to the browser and says it is done, or why not. Never throws: the toast says it.
 */
export async function downloadWithProgress(
  id: string,
  download: (onProgress: (bytes: number) => void) => Promise<{ blob: Blob; name: string }>,
  texts: DownloadTexts,
): Promise<void> {
  notifications.show({
    id,
    loading: true,
    autoClose: false,
    withCloseButton: false,
    message: texts.progress(''),
  });
  try {
    const { blob, name } = await download((bytes) =>
      notifications.update({
        id,
        loading: true,
        autoClose: false,
        message: texts.progress(formatBytes(bytes)),
      }),
    );
    saveBlob(blob, name);
    notifications.update({
      id,
      loading: false,
      color: 'teal',
      autoClose: 4000,
      withCloseButton: true,
      message: texts.done,
    });
  } catch (error) {
    const { message, color } = texts.failed(error);
    notifications.update({ id, loading: false, color, autoClose: 5000, withCloseButton: true, message });
  }
}
