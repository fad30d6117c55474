import { describe, expect, it } from 'vitest';
import { detectFileType, FILE_TYPES, formatFileSize, isPreviewable, safeFileName } from './student-files';

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'utf8')] : p)));
const zip = (...names: string[]) => bytes([0x50, 0x4b, 0x03, 0x04], ...names.map((n) => `\0\0${n}\0`));
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

describe('detectFileType (D14): from the content, never the name alone', () => {
  it.each([
    [bytes('%PDF-1.7\n'), 'scan.bin', FILE_TYPES.pdf],
    [bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'photo.pdf', FILE_TYPES.png],
    [bytes([0xff, 0xd8, 0xff, 0xe0]), 'photo', FILE_TYPES.jpeg],
    [bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '), 'x.webp', FILE_TYPES.webp],
    [zip('[Content_Types].xml', 'word/document.xml'), 'letter.docx', FILE_TYPES.docx],
    [zip('[Content_Types].xml', 'xl/workbook.xml'), 'fees.xlsx', FILE_TYPES.xlsx],
    [bytes(OLE), 'old.doc', FILE_TYPES.doc],
    [bytes(OLE), 'old.xls', FILE_TYPES.xls],
    [bytes('name,amount\nMwila,1500\n'), 'fees.csv', FILE_TYPES.csv],
    [bytes('Zambia — Lusaka\tnotes\r\n'), 'notes.txt', FILE_TYPES.text],
  ])('accepts %#', (content, name, type) => {
    expect(detectFileType(content, name)).toBe(type);
  });

  it.each([
    [bytes('MZ', [0x90, 0, 3]), 'timetable.pdf'],
    [bytes([0x7f, 0x45, 0x4c, 0x46]), 'notes.txt'],
    [bytes('<!DOCTYPE html><p>'), 'fees.pdf'],
    [bytes('  <html>'), 'fees.txt'],
    [bytes('<?xml version="1.0"?><svg/>'), 'a.png'],
    [bytes('<svg onload=alert(1)>'), 'a.txt'],
    [bytes('#!/usr/bin/env python\n'), 'run.txt'],
    [bytes('plain words'), 'run.sh'],
    [bytes('plain words'), 'page.HTML'],
    [bytes('%PDF-1.4'), 'looks-fine.exe'],
    [zip('payload.bin'), 'archive.zip'],
    [zip('[Content_Types].xml', 'ppt/slides'), 'deck.docx'],
    [bytes(OLE), 'setup.msi'],
    [bytes(OLE), 'doc-without-extension'],
    [bytes([0xc3, 0x28]), 'broken-utf8.txt'],
    [bytes('text\0with nul'), 'nul.txt'],
  ])('refuses %#', (content, name) => {
    expect(detectFileType(content, name)).toBeNull();
  });
});

describe('file sizes and names', () => {
  it('reads sizes as Bytes, KB, MB or GB', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(1023)).toBe('1023 Bytes');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatFileSize(2.25 * 1024 ** 3)).toBe('2.25 GB');
  });

  it('keeps names safe to send back: no path, quotes or control characters, never empty, at most 200', () => {
    expect(safeFileName('C:\\Users\\po\\fees "march".pdf')).toBe('fees march.pdf');
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('line\nbreak.txt')).toBe('linebreak.txt');
    expect(safeFileName('...')).toBe('file');
    const long = safeFileName(`${'a'.repeat(300)}.pdf`);
    expect(long).toHaveLength(200);
    expect(long.endsWith('.pdf')).toBe(true);
  });

  it('previews images, PDFs and text only', () => {
    expect(isPreviewable(FILE_TYPES.pdf)).toBe(true);
    expect(isPreviewable(FILE_TYPES.png)).toBe(true);
    expect(isPreviewable(FILE_TYPES.csv)).toBe(true);
    expect(isPreviewable(FILE_TYPES.docx)).toBe(false);
  });
});

describe('detectFileType on the parts a file arrived in', () => {
  it('finds what spans a seam, and text split inside a character', () => {
    const docx = Buffer.from('PK\x03\x04\0\0[Content_Types].xml\0\0word/document.xml', 'latin1');
    const cut = (b: Uint8Array, ...at: number[]) =>
      [0, ...at].map((from, i) => b.subarray(from, [...at, b.length][i]));
    expect(detectFileType(cut(docx, 2, 15, 27), 'letter.docx')).toBe(FILE_TYPES.docx);
    const byteByByte = Array.from(docx, (b) => Uint8Array.of(b));
    expect(detectFileType(byteByByte, 'letter.docx')).toBe(FILE_TYPES.docx);
    const text = Buffer.from('Lusaka — Zambia\n');
    expect(detectFileType(cut(text, 8), 'notes.txt')).toBe(FILE_TYPES.text);
    expect(detectFileType(cut(Buffer.from('ok\n\0'), 2), 'notes.txt')).toBeNull();
    expect(detectFileType(cut(Buffer.from('<!doctype html>'), 1, 3), 'a.pdf')).toBeNull();
  });
});
