import deTexts from '../../../locales/de/batches.json';
import enTexts from '../../../locales/en/batches.json';
import esTexts from '../../../locales/es/batches.json';
import frTexts from '../../../locales/fr/batches.json';
import itTexts from '../../../locales/it/batches.json';
import { knownLanguage, type Language } from '../../../domain/constants';
import { formatCardCode } from '../../../domain/codes';
import { formatCents } from '../../../domain/format';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../lib/files';
import { concatBytes, nextTurn } from '../../lib/streams';
import { batchById, lockBatch, markArchiveCompleted, markArchiveRunning, setArchiveCount } from './batches.repository';
import { lotCardPage, type Lot } from './lot-cards.repository';

/** ISO/IEC 7810 ID-1 card (85.60 × 53.98 mm) in PDF points, ten to an A4 sheet (2 × 5) with room to cut. */
const MM = 72 / 25.4;
const CARD_W = 85.6 * MM;
const CARD_H = 53.98 * MM;
const A4: [number, number] = [595.28, 841.89];
const COLS = 2;
const ROWS = 5;
const GAP = 4 * MM;
const LEFT = (A4[0] - COLS * CARD_W - (COLS - 1) * GAP) / 2;
const TOP = (A4[1] - ROWS * CARD_H - (ROWS - 1) * GAP) / 2;
const PER_SHEET = COLS * ROWS;

/** bwip-js's encoder (its default export; the module's own `raw` export is the "raw" symbology) */
type BarcodeEncoder = { raw(bcid: string, text: string, options: object): Array<{ sbs: number[] }> };
type PdfTools = { PDFDocument: typeof import('pdfkit'); bwip: BarcodeEncoder };
let tools: Promise<PdfTools> | undefined;
let bwip: PdfTools['bwip'] | undefined;

type StandardFont = { name: string };
type PdfkitModule = { default: typeof import('pdfkit'); registerStdFonts?: (...fonts: StandardFont[]) => void };

/**
 * pdfkit's browser build knows no standard font until it is given one (its Node build loads them
 * itself): the three the card fronts use (Helvetica, Helvetica-Bold, Courier-Bold), imported only there.
 */
async function registerFonts(pdfkit: PdfkitModule): Promise<void> {
  if (!pdfkit.registerStdFonts) return;
  const fonts = await Promise.all([
    import('pdfkit/standard-fonts/Helvetica'),
    import('pdfkit/standard-fonts/HelveticaBold'),
    import('pdfkit/standard-fonts/CourierBold'),
  ]);
  pdfkit.registerStdFonts(...fonts.map((font) => font.default));
}

/**
 * pdfkit and bwip-js, loaded on first use: importing them costs ≈110 ms, which a server start
 * does not need to pay (issue 8: start ≤ 1 s); the first archive or codes PDF does. Both by
 * their package root: the exports maps give the Node builds on Node and the browser builds in a
 * browser bundle (bwip-js's `raw` encoder is the same in both).
 */
function pdfTools(): Promise<PdfTools> {
  tools ??= Promise.all([import('pdfkit'), import('bwip-js')]).then(async ([pdfkit, bwipjs]) => {
    await registerFonts(pdfkit as unknown as PdfkitModule);
    bwip = (bwipjs as unknown as { default: BarcodeEncoder }).default;
    return { PDFDocument: pdfkit.default, bwip };
  });
  return tools;
}

/** cards read per query (keyset on the company/lot/progressive index) */
const PAGE = 500;
/** archive progress is written every this many cards */
const PROGRESS_EVERY = 200;

export interface SheetCard {
  code: string;
  progressive: number;
}

export interface SheetHeader {
  typologyName: string;
  valueCents: number | null;
  /** the batch's lot; null for an order's cards made without one (digital), which name their order instead */
  lotNumber: string | null;
  orderNumber?: string;
  expireDate: string | null;
  language: string;
}

type Texts = typeof enTexts.pdf;
const PDF_TEXTS: Record<Language, Texts> = { it: itTexts.pdf, en: enTexts.pdf, es: esTexts.pdf, fr: frTexts.pdf, de: deTexts.pdf };
const textsFor = (language: string): Texts => PDF_TEXTS[knownLanguage(language)];

const money = formatCents;
// SPEC §9's DD/MM/YYYY in every language, as the screens write a day
function day(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/** Code 128 bars of the code, drawn as vector rectangles (bwip-js encodes, pdfkit draws): sharp at any print resolution. */
function drawBarcode(doc: PDFKit.PDFDocument, code: string, x: number, y: number, width: number, height: number): void {
  if (!bwip) throw new Error('pdfTools() first');
  const [symbol] = bwip.raw('code128', code, {});
  const modules = symbol.sbs.reduce((sum, w) => sum + w, 0);
  const unit = width / modules;
  let at = x;
  symbol.sbs.forEach((w, i) => {
    if (i % 2 === 0) doc.rect(at, y, w * unit, height);
    at += w * unit;
  });
  doc.fill('#000000');
}

/** One card front at (x, y). */
function drawCard(doc: PDFKit.PDFDocument, header: SheetHeader, card: SheetCard, x: number, y: number): void {
  const texts = textsFor(header.language);
  const pad = 12;
  doc.save();
  doc.roundedRect(x, y, CARD_W, CARD_H, 10).lineWidth(0.5).strokeColor('#9e9e9e').stroke();
  doc.fillColor('#b71c1c').rect(x, y + 10, 4, 28).fill();
  doc.fillColor('#212121').font('Helvetica-Bold').fontSize(11).text(header.typologyName, x + pad, y + pad, { width: CARD_W * 0.58, height: 28, ellipsis: true, lineBreak: false });
  const value = header.valueCents === null ? texts.variableValue : money(header.valueCents, header.language);
  doc.font('Helvetica-Bold').fontSize(header.valueCents === null ? 9 : 16).text(value, x + CARD_W * 0.55, y + pad - 2, { width: CARD_W * 0.45 - pad, align: 'right', lineBreak: false });
  drawBarcode(doc, card.code, x + pad, y + 44, CARD_W - 2 * pad, 38);
  doc.fillColor('#212121').font('Courier-Bold').fontSize(11).text(formatCardCode(card.code), x + pad, y + 86, { width: CARD_W - 2 * pad, align: 'center', lineBreak: false });
  doc
    .font('Helvetica')
    .fontSize(7.5)
    .fillColor('#424242')
    .text(cardFooter(header, card), x + pad, y + CARD_H - pad - 8, { width: CARD_W - 2 * pad, lineBreak: false });
  doc.restore();
}

/** The card front's last line: progressive, lot (or, without one, the order), expiry. */
export function cardFooter(header: SheetHeader, card: SheetCard): string {
  const texts = textsFor(header.language);
  const expiry = header.expireDate ? `${texts.expiry} ${day(header.expireDate)}` : texts.noExpiry;
  const reference = header.lotNumber ? `${texts.lot} ${header.lotNumber}` : `${texts.order} ${header.orderNumber ?? ''}`;
  return `${texts.progressive} ${card.progressive}   ${reference}   ${expiry}`;
}

export interface CardSheets {
  /** Draws the next card; true when it filled a sheet. */
  add(header: SheetHeader, card: SheetCard): boolean;
  readonly drawn: number;
  /** The PDF bytes made since the last call, as one chunk; null when none. */
  take(): Uint8Array | null;
  /** Ends the document (an empty one still has a page); resolves with its last bytes once pdfkit has written them. */
  end(): Promise<Uint8Array | null>;
}

/**
 * Print-ready sheets of ID-1 card fronts, ten to an A4 page: the batch archive and an order's
 * codes PDF draw the same cards. The document is read through its `data` and `end` events only
 * (pdfkit's Node build is a Node stream, its browser build an emitter with those two events), and
 * the caller takes the bytes as it goes: pdfkit hands each finished page over and keeps none, so
 * memory stays flat when the caller draws only as fast as its reader takes.
 */
export async function cardSheets(title: string): Promise<CardSheets> {
  const { PDFDocument } = await pdfTools();
  const doc = new PDFDocument({ size: A4, margin: 0, autoFirstPage: false, info: { Title: title, Producer: 'Tessera' } });
  let chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', (error: Error) => {
      failure = error;
      reject(error);
    });
  });
  ended.catch(() => undefined); // reported by take() or end()
  doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
  let drawn = 0;
  const take = () => {
    if (failure) throw failure;
    if (chunks.length === 0) return null;
    const bytes = concatBytes(chunks);
    chunks = [];
    return bytes;
  };
  return {
    add(header, card) {
      const slot = drawn % PER_SHEET;
      if (slot === 0) doc.addPage();
      drawCard(doc, header, card, LEFT + (slot % COLS) * (CARD_W + GAP), TOP + Math.floor(slot / COLS) * (CARD_H + GAP));
      drawn += 1;
      return drawn % PER_SHEET === 0;
    },
    get drawn() {
      return drawn;
    },
    take,
    async end() {
      if (drawn === 0) doc.addPage();
      doc.end();
      await ended;
      return take();
    },
  };
}

/**
 * The PDF of the sheets of `cards`, as chunks: one card drawn at a time, a page handed over as
 * soon as it is full, and nothing drawn while the reader has not taken what was made, so memory
 * stays flat whatever the batch size. `onProgress` hears the count every PROGRESS_EVERY cards and
 * at the end (before the last chunk is taken, so a file is complete only with its count).
 */
export async function* sheetsPdf(header: SheetHeader, cards: AsyncIterable<SheetCard[]>, onProgress: (drawn: number) => Promise<void>): AsyncGenerator<Uint8Array> {
  const sheets = await cardSheets(`${header.typologyName} — ${header.lotNumber}`);
  let reported = 0;
  for await (const page of cards) {
    for (const card of page) {
      const sheetDone = sheets.add(header, card);
      if (sheets.drawn - reported >= PROGRESS_EVERY) {
        reported = sheets.drawn;
        await onProgress(sheets.drawn);
      }
      const bytes = sheets.take();
      if (bytes) yield bytes;
      // drawing is all on this thread: a full turn after each sheet lets requests (and, in the
      // demo's worker, the page's messages) in while a large archive is made
      if (sheetDone) await nextTurn();
    }
  }
  const last = await sheets.end();
  await onProgress(sheets.drawn);
  if (last) yield last;
}

/** The batch's cards in progressive order, a page at a time (keyset on gift_cards_company_lot_idx). */
async function* batchCards(db: Db, lot: Lot): AsyncIterable<SheetCard[]> {
  let after = -1;
  for (;;) {
    const page = await lotCardPage(db, lot, after, PAGE);
    if (page.length === 0) return;
    after = page[page.length - 1].progressive;
    yield page;
  }
}

/** Where a batch's archive file (`card_batches.archive_file`) is kept in the file storage. */
export const archiveKey = (file: string) => `archives/${file}`;

/**
 * The PDF archive job: PENDING → IN_PROGRESS (archive_count advancing) → COMPLETED, the file
 * put whole in the file storage (lib/files.ts: it appears only when complete, so a download
 * never sees half a file). When `signal` aborts (the job's lease is lost: another worker makes
 * the archive) the PDF's body throws the abort at its next progress count: the storage
 * abandons the file and nothing more is written to the batch.
 */
export async function makeArchive(db: Db, files: FileStorage, batchId: string, language: string, signal?: AbortSignal): Promise<void> {
  signal?.throwIfAborted();
  const batch = await db.transaction(async (tx) => {
    const locked = await lockBatch(tx, batchId);
    if (!locked || (locked.archiveStatus !== 'PENDING' && locked.archiveStatus !== 'IN_PROGRESS')) return null;
    await markArchiveRunning(tx, batchId);
    return locked;
  });
  if (!batch) return;
  // the batch as read everywhere: its typology's name and value for the card fronts
  const shown = await batchById(db, batchId);
  if (!shown) throw new Error(`batch ${batchId} not found`);
  const file = `batch-${batchId}.pdf`;
  const { size } = await files.put(
    archiveKey(file),
    sheetsPdf(
      { typologyName: shown.typologyName, valueCents: shown.valueCents, lotNumber: batch.lotNumber, expireDate: batch.expireDate, language },
      batchCards(db, batch),
      async (drawn) => {
        signal?.throwIfAborted();
        await setArchiveCount(db, batchId, drawn);
      },
    ),
    'application/pdf',
  );
  signal?.throwIfAborted();
  await markArchiveCompleted(db, batchId, file, size);
}
