// A supporting PDF is never kept as sent: its pages (at most REVIEW_PDF_PAGES_MAX) are drawn with
// pdf.js onto a bounded canvas (@napi-rs/canvas), each as a JPEG, and a new PDF is written from
// those pictures with pdfkit. Scripts, forms, attachments, links and fonts of the original do not
// survive; what a supervisor reads is what the pages looked like. A file pdf.js cannot open, one
// with more pages than the cap, one whose page cannot be drawn, or one that takes longer than
// DRAW_DEADLINE_MS to draw is refused (decision 054).
import { REVIEW_PDF_PAGES_MAX } from '@eta-il/domain';
import { createCanvas } from '@napi-rs/canvas';
import PDFDocument from 'pdfkit';

/** The longer edge of a drawn page, in pixels (A4 at about 150 dpi). */
const PAGE_EDGE_PX = 1754;
/** pdf.js's own guard against huge images inside a page. */
const MAX_IMAGE_PIXELS = 40_000_000;
/**
 * The time one document may take to open and draw: a file built to take longer (a page of a
 * million paths) is refused as unreadable, and its drawing cancelled, rather than holding the
 * server. A real scan of ten pages takes a second or two.
 */
const DRAW_DEADLINE_MS = 20_000;

/**
 * `work`, or a rejection once the deadline has passed (the caller then cancels what runs). pdf.js
 * may finish a step without letting a timer run: the deadline is also checked when it does.
 */
const beforeDeadline = async <T>(work: Promise<T>, deadline: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error('PDF drawing past its deadline')),
      deadline - Date.now(),
    );
  });
  try {
    const done = await Promise.race([work, late]);
    if (Date.now() > deadline) throw new Error('PDF drawing past its deadline');
    return done;
  } finally {
    clearTimeout(timer);
  }
};

export type PdfProblem = 'unreadable' | 'tooManyPages';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
/** What pdf.js's render takes: the DOM's canvas, which @napi-rs/canvas stands in for on Node. */
type RenderParameters = Parameters<
  import('pdfjs-dist/legacy/build/pdf.mjs').PDFPageProxy['render']
>[0];
let pdfjs: Promise<PdfJs> | undefined;
/** Loaded once, on the first PDF (the server starts without it). */
const loadPdfJs = () => {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjs;
};

/** Each page drawn as a JPEG, with its size in points. */
const drawPages = async (bytes: Uint8Array, deadlineMs: number) => {
  const { getDocument } = await loadPdfJs();
  const task = getDocument({
    data: bytes,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    maxImageSize: MAX_IMAGE_PIXELS,
    stopAtErrors: true,
    verbosity: 0,
  });
  const deadline = Date.now() + deadlineMs;
  try {
    const document = await beforeDeadline(task.promise, deadline);
    if (document.numPages > REVIEW_PDF_PAGES_MAX) return 'tooManyPages' as const;
    const pages: { jpeg: Buffer; width: number; height: number }[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await beforeDeadline(document.getPage(number), deadline);
      const base = page.getViewport({ scale: 1 });
      const scale = Math.min(4, PAGE_EDGE_PX / Math.max(base.width, base.height));
      const viewport = page.getViewport({ scale });
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
      const context = canvas.getContext('2d');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      const rendering = page.render({
        canvas: canvas as unknown as RenderParameters['canvas'],
        canvasContext: context as unknown as RenderParameters['canvasContext'],
        viewport,
        annotationMode: 0,
      });
      try {
        await beforeDeadline(rendering.promise, deadline);
      } catch (error) {
        rendering.cancel();
        throw error;
      }
      pages.push({ jpeg: await canvas.encode('jpeg', 85), width: base.width, height: base.height });
      page.cleanup();
    }
    return pages;
  } finally {
    await task.destroy();
  }
};

/** The pages' pictures as a new PDF, each page at its original size in points. */
const writePdf = (pages: { jpeg: Buffer; width: number; height: number }[]) =>
  new Promise<Buffer>((resolve, reject) => {
    const pdf = new PDFDocument({ autoFirstPage: false, info: { Title: 'Supporting document' } });
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    for (const page of pages) {
      pdf.addPage({ size: [page.width, page.height], margin: 0 });
      pdf.image(page.jpeg, 0, 0, { width: page.width, height: page.height });
    }
    pdf.end();
  });

/** The PDF re-made from its drawn pages, or why it is refused. */
export const redrawPdf = async (
  bytes: Buffer,
  deadlineMs: number = DRAW_DEADLINE_MS,
): Promise<{ ok: true; pdf: Buffer; pages: number } | { ok: false; problem: PdfProblem }> => {
  let pages: Awaited<ReturnType<typeof drawPages>>;
  try {
    // pdf.js takes the buffer over: it gets its own copy.
    pages = await drawPages(new Uint8Array(bytes), deadlineMs);
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  if (pages === 'tooManyPages') return { ok: false, problem: 'tooManyPages' };
  if (pages.length === 0) return { ok: false, problem: 'unreadable' };
  return { ok: true, pdf: await writePdf(pages), pages: pages.length };
};
