// Reading a passport photo's MRZ in a Web Worker, so the page stays responsive: the image never
// leaves the browser, and the reader's code loads only when this is first called.

export type MrzReply = { text: string | undefined } | { error: string };

/** The MRZ text of the photo (two lines joined by '\n'), undefined if none was found. */
export const readMrzInWorker = (file: Blob): Promise<string | undefined> =>
  new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./mrz.worker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener('message', (event: MessageEvent<MrzReply>) => {
      worker.terminate();
      if ('error' in event.data) reject(new Error(event.data.error));
      else resolve(event.data.text);
    });
    worker.addEventListener('error', (event) => {
      worker.terminate();
      reject(new Error(event.message || 'the MRZ reader failed to start'));
    });
    worker.postMessage(file);
  });
