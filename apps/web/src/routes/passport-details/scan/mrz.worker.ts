// The passport scan's worker: takes the photo (a File), answers with the MRZ text it read, or
// none. Loaded only when the traveller scans, so none of this is in the first page's download.
import { decodeImage } from './decodeImage.ts';
import type { MrzReply } from './readMrzInWorker.ts';
import { readMrzText } from './readMrzText.ts';

addEventListener('message', async (event: MessageEvent<Blob>) => {
  let reply: MrzReply;
  try {
    reply = { text: readMrzText(await decodeImage(event.data)) };
  } catch (error) {
    reply = { error: error instanceof Error ? error.message : String(error) };
  }
  postMessage(reply);
});
