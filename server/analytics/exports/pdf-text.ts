import type PDFKit from 'pdfkit';

// Text for the standard PDF fonts, which print Windows-1252 only (no font files to ship).

/** Windows-1252's characters beyond Latin-1, which the standard PDF fonts also print. */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const printable = (text: string) => [...text].every((ch) => /[\n\x20-\x7e\u00a1-\u00ff]/.test(ch) || WIN_ANSI_EXTRA.includes(ch));
const NO_DECOMPOSITION: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', ı: 'i', '−': '-' };

/** A character the standard fonts lack, as near as they can print it: "ễ" → "ê", "ị" → "i", else "?". */
function nearest(ch: string): string {
  if (NO_DECOMPOSITION[ch]) return NO_DECOMPOSITION[ch];
  let decomposed = ch.normalize('NFD');
  while (decomposed.length > 1) {
    decomposed = decomposed.slice(0, -1);
    const composed = decomposed.normalize('NFC');
    if (printable(composed)) return composed;
  }
  return '?';
}

/**
 * Text as the standard PDF fonts (Windows-1252, no font files to ship) can print it: Intl's narrow
 * and thin spaces (before "am", in some groupings) become plain spaces, and other characters beyond
 * the fonts' set their nearest printable form, where pdfkit would print a wrong glyph.
 */
export const pdfText = (text: string) =>
  text
    .replace(/[\u202f\u2009\u00a0]/g, ' ')
    .replace(/[^\n\x20-\x7e\u00a1-\u00ff]/gu, (ch) => (WIN_ANSI_EXTRA.includes(ch) ? ch : nearest(ch)));

/** Characters that break a line whatever its width, and the soft hyphen, which adds a hyphen where it breaks. */
const FORCED_BREAK = /[\n\r\v\f\u0085\u2028\u2029\u00ad]/;
/** Where pdfkit's line breaker may break (after a space, a dash…); "$1,234.56" and "12.3%" have no such place. */
const BREAKABLE = /[^\p{L}\p{N}$,.%]/gu;
/** More than the standard fonts' kerning across a break, which pdfkit's word-by-word measure leaves out. */
const KERNING_EM = 0.1;

/** Whether pdfkit sets `text`, in the document's current font at `fontSize`, on one line of `width` (never true where it might not). */
export function oneLine(doc: PDFKit.PDFDocument, text: string, width: number, fontSize: number): boolean {
  if (FORCED_BREAK.test(text)) return false;
  const breaks = text.match(BREAKABLE)?.length ?? 0;
  return doc.widthOfString(text) + (breaks * KERNING_EM + 0.001) * fontSize <= width;
}
