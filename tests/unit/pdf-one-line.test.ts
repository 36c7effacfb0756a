import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { oneLine } from '../../server/analytics/exports/pdf-text';

// The PDF's tables skip pdfkit's word-by-word layout for a row whose cells oneLine says fit: it must
// never say so of a text pdfkit would wrap, and should say so of the figures and names that fit.

const SIZE = 8.5;
const TEXTS = [
  '$1,234,567.89',
  '-12.3%',
  '1,204',
  'Harbour Eats Bondi',
  'Aug 2026',
  'Total',
  'Yoghurt Bowl — Vanilla Yarra / Tea',
  'AVA TWY Te Vo',
  'Half-price Wednesday',
  '',
];

describe('oneLine', () => {
  const doc = new PDFDocument({ size: 'A4' });
  for (const font of ['Helvetica', 'Helvetica-Bold']) {
    it(`is true only where pdfkit sets the text on one line (${font})`, () => {
      doc.font(font).fontSize(SIZE);
      const oneLineHeight = doc.heightOfString('x', { width: 500 });
      let sayOne = 0;
      for (const text of TEXTS) {
        const natural = doc.widthOfString(text);
        for (const slack of [-2, -0.5, 0, 0.01, 0.5, 1, 2, 5, 40]) {
          const width = Math.max(1, natural + slack);
          if (!oneLine(doc, text, width, SIZE)) continue;
          sayOne++;
          expect(doc.heightOfString(text || ' ', { width }), `${text} in ${width}`).toBe(oneLineHeight);
        }
      }
      // Most of the widths with room to spare are recognised.
      expect(sayOne).toBeGreaterThan(TEXTS.length * 4);
    });
  }

  it('is false for a forced break, a soft hyphen, or a width the text does not fit', () => {
    doc.font('Helvetica').fontSize(SIZE);
    expect(oneLine(doc, 'two\nlines', 500, SIZE)).toBe(false);
    expect(oneLine(doc, 'soft\u00adhyphen', 500, SIZE)).toBe(false);
    expect(oneLine(doc, '$1,234,567.89', doc.widthOfString('$1,234,567.89') - 0.1, SIZE)).toBe(false);
    expect(oneLine(doc, '$1,234,567.89', doc.widthOfString('$1,234,567.89') + 0.1, SIZE)).toBe(true);
  });
});
